//! Collects every error found in one type, so the user sees them all in one compile.
//!
//! As in serde_derive's `internals/ctxt.rs`, a context must be checked: dropping one whose
//! errors were never taken by [`Ctxt::finish`] panics in debug builds (unless already
//! panicking), so an error can never be recorded and then silently lost.

use std::fmt::Display;

/// Accumulated errors. Call [`Ctxt::finish`] to turn them into one `syn::Error`.
pub struct Ctxt {
    /// `None` once [`Ctxt::finish`] has taken the errors.
    errors: Option<Vec<syn::Error>>,
}

impl Ctxt {
    /// A context with no errors, to be checked with [`Ctxt::finish`].
    pub fn new() -> Self {
        Ctxt {
            errors: Some(Vec::new()),
        }
    }

    /// Records an error spanning `tokens`.
    pub fn error(&mut self, tokens: impl quote::ToTokens, message: impl Display) {
        self.push(syn::Error::new_spanned(tokens, message));
    }

    /// Records an error at `span`.
    pub fn error_at(&mut self, span: proc_macro2::Span, message: impl Display) {
        self.push(syn::Error::new(span, message));
    }

    /// Records a parse error.
    pub fn push(&mut self, error: syn::Error) {
        self.errors
            .as_mut()
            .expect("Ctxt used after finish")
            .push(error);
    }

    /// `Ok` when no error was recorded, else all of them combined.
    pub fn finish(mut self) -> Result<(), syn::Error> {
        let mut errors = self.errors.take().expect("Ctxt finished twice").into_iter();
        let Some(mut all) = errors.next() else {
            return Ok(());
        };
        for error in errors {
            all.combine(error);
        }
        Err(all)
    }
}

impl Drop for Ctxt {
    fn drop(&mut self) {
        if cfg!(debug_assertions) && self.errors.is_some() && !std::thread::panicking() {
            panic!("ptx-abi-derive: a Ctxt was dropped without Ctxt::finish; errors would be lost");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Ctxt;

    #[test]
    fn finish_returns_every_error() {
        let mut cx = Ctxt::new();
        cx.error_at(proc_macro2::Span::call_site(), "first");
        cx.error_at(proc_macro2::Span::call_site(), "second");
        let errors = cx.finish().expect_err("two errors were recorded");
        let messages: Vec<String> = errors.into_iter().map(|e| e.to_string()).collect();
        assert_eq!(messages, ["first", "second"]);
    }

    #[test]
    fn finish_without_errors_is_ok() {
        assert!(Ctxt::new().finish().is_ok());
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "dropped without Ctxt::finish")]
    fn dropping_an_unchecked_context_panics() {
        let mut cx = Ctxt::new();
        cx.error_at(proc_macro2::Span::call_site(), "lost");
        drop(cx);
    }
}
