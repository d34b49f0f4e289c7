// rust-bindgen #3384 "Incorrect layout of bitfields": setting `request_body_no_buffering`
// through bindgen's setter wrote `request_body_file_log_level` instead. The issue omits the
// struct's other members; the ones before the two bit-fields are written here in the style of
// nginx's ngx_http_core_loc_conf_t (which the field names come from).
typedef struct {
  unsigned short port;
  unsigned internal : 1;
  unsigned exact_match : 1;
  unsigned auto_redirect : 1;
  unsigned request_body_in_file_only : 2;
  unsigned request_body_in_persistent_file : 1;
  unsigned request_body_file_log_level : 3;
  unsigned request_body_no_buffering : 1;
} fields;
// check: fields = {8080, 1, 0, 1, 2, 1, 0, 1}
