//! Rust names that do not collide: C's names are unique in their own namespaces, but the
//! importer's are not always (`Outer::Inner` is `Outer_Inner`, beside a C `Outer_Inner`; the
//! derive adds `FooImage` beside `Foo`, beside a C `FooImage`; the member `self` is `self_`,
//! beside a C `self_`; an anonymous member is `anon1`, beside a C `anon1`). A name that would
//! collide gets a `_` more until it is free; `#[ptx(c_name)]` keeps the C name.

use std::collections::HashSet;

use crate::model::{ItemKind, Model};

/// The name of the image type `#[derive(PtxAbi)]` writes beside type `name`
/// (`ptx-abi-derive/src/expand/image.rs`: the type's name followed by `Image`).
fn image_name(name: &str) -> String {
    format!("{}Image", name.trim_start_matches("r#"))
}

/// Makes the names of the emitted items unique in each module (with their derived image
/// types), and the names of each record's members unique in the record.
pub(crate) fn make_unique(model: &mut Model) {
    let mut taken: HashSet<(Vec<String>, String)> = HashSet::new();
    for &id in &model.emitted {
        let item = &model.items[id];
        let has_image = match &item.kind {
            ItemKind::Record(_) => true,
            ItemKind::Enum(e) => !e.open,
            _ => false,
        };
        let module = item.module.clone();
        let mut name = item.name.clone();
        let free = |n: &str, taken: &HashSet<(Vec<String>, String)>| {
            let bare = n.trim_start_matches("r#").to_string();
            let image_taken = has_image && taken.contains(&(module.clone(), image_name(n)));
            !(image_taken || taken.contains(&(module.clone(), bare)))
        };
        while !free(&name, &taken) {
            name = format!("{}_", name.trim_start_matches("r#"));
        }
        taken.insert((module.clone(), name.trim_start_matches("r#").to_string()));
        if has_image {
            taken.insert((module, image_name(&name)));
        }
        model.items[id].name = name;
    }
    for &id in &model.emitted {
        let ItemKind::Record(r) = &mut model.items[id].kind else {
            continue;
        };
        // Members that keep their C name are never renamed; the importer's names give way.
        let bare = |n: &str| n.trim_start_matches("r#").to_string();
        let mut used: HashSet<String> = r
            .members
            .iter()
            .filter(|m| !m.anonymous && m.c_name.is_none())
            .map(|m| bare(&m.name))
            .collect();
        for m in r
            .members
            .iter_mut()
            .filter(|m| m.anonymous || m.c_name.is_some())
        {
            while used.contains(&bare(&m.name)) {
                m.name = format!("{}_", bare(&m.name));
            }
            used.insert(bare(&m.name));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Item, Loc, Member, Record, Scalar, Ty};

    fn item(name: &str, kind: ItemKind) -> Item {
        Item {
            module: Vec::new(),
            name: name.into(),
            c_name: name.into(),
            loc: Loc::default(),
            kind,
            in_header: true,
            anonymous: false,
            private: false,
        }
    }

    fn member(name: &str, c_name: Option<&str>, anonymous: bool) -> Member {
        Member {
            name: name.into(),
            c_name: c_name.map(str::to_string),
            anonymous,
            base: None,
            private: false,
            ty: Ty::Scalar(Scalar::I32),
            bits: None,
            align: None,
            align_from_layout: false,
            c_type: "int".into(),
            note: None,
            loc: Loc::default(),
        }
    }

    fn record(members: Vec<Member>) -> ItemKind {
        ItemKind::Record(Record {
            members,
            ..Record::default()
        })
    }

    #[test]
    fn items_give_way_to_earlier_items_and_their_images() {
        let mut model = Model {
            items: vec![
                item("Foo", record(vec![member("a", None, false)])),
                item("FooImage", record(vec![member("b", None, false)])),
                item("Foo", ItemKind::Alias(Ty::Scalar(Scalar::I32))),
            ],
            emitted: vec![0, 1, 2],
        };
        make_unique(&mut model);
        let names: Vec<&str> = model.items.iter().map(|i| i.name.as_str()).collect();
        assert_eq!(names, ["Foo", "FooImage_", "Foo_"]);
    }

    #[test]
    fn renamed_and_unnamed_members_give_way_to_c_names() {
        let mut model = Model {
            items: vec![item(
                "M",
                record(vec![
                    member("self_", Some("self"), false),
                    member("self_", None, false),
                    member("anon2", None, true),
                    member("anon2", None, false),
                ]),
            )],
            emitted: vec![0],
        };
        make_unique(&mut model);
        let ItemKind::Record(r) = &model.items[0].kind else {
            unreachable!()
        };
        let names: Vec<&str> = r.members.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(names, ["self__", "self_", "anon2_", "anon2"]);
    }
}
