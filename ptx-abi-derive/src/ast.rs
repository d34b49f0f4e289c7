//! The derive input as a model: each node keeps the syn node it came from, for spans.

use crate::attr::{self, MemberAttrs, Repr, Site, TypeAttrs};
use crate::ctxt::Ctxt;
use syn::ext::IdentExt;
use syn::{Data, DeriveInput, Fields, Ident, Type};

/// A derive input, parsed.
pub struct Input<'a> {
    pub original: &'a DeriveInput,
    pub ident: &'a Ident,
    pub attrs: TypeAttrs,
    pub repr: Repr,
    pub body: Body<'a>,
}

/// The four kinds of type the derive accepts.
pub enum Body<'a> {
    /// A named, tuple or unit struct.
    Struct(Vec<Field<'a>>),
    /// A Rust `union`.
    RustUnion(Vec<Field<'a>>),
    /// A `#[ptx(union)]` enum: a C union of its variants' payloads.
    UnionEnum(Vec<Variant<'a>>),
    /// A field-less enum encoded as its integer repr.
    Enum(Vec<&'a syn::Variant>),
}

/// A struct or union field.
pub struct Field<'a> {
    pub original: &'a syn::Field,
    /// `self.<member>`: an identifier or a tuple index.
    pub member: syn::Member,
    /// The name the C side and messages use (`"0"` for tuple fields, `type` for `r#type`).
    pub name: String,
    pub ty: &'a Type,
    pub attrs: MemberAttrs,
}

/// A variant of a `#[ptx(union)]` enum.
pub struct Variant<'a> {
    pub original: &'a syn::Variant,
    pub ident: &'a Ident,
    /// The single payload type, if the variant has exactly one unnamed field.
    pub payload: Option<&'a Type>,
    pub attrs: MemberAttrs,
}

impl<'a> Input<'a> {
    /// Reads the input into the model; attribute errors go to `cx`.
    pub fn from_syn(cx: &mut Ctxt, input: &'a DeriveInput) -> Input<'a> {
        let attrs = attr::type_attrs(cx, &input.attrs);
        let repr = attr::repr(cx, &input.attrs);
        let body = match &input.data {
            Data::Struct(s) => Body::Struct(fields(cx, &s.fields)),
            Data::Union(u) => Body::RustUnion(named(cx, u.fields.named.iter())),
            Data::Enum(e) if attrs.union.is_some() => Body::UnionEnum(
                e.variants
                    .iter()
                    .map(|v| Variant {
                        original: v,
                        ident: &v.ident,
                        payload: match &v.fields {
                            Fields::Unnamed(f) if f.unnamed.len() == 1 => Some(&f.unnamed[0].ty),
                            _ => None,
                        },
                        attrs: attr::member_attrs(cx, &v.attrs, Site::Variant),
                    })
                    .collect(),
            ),
            Data::Enum(e) => Body::Enum(e.variants.iter().collect()),
        };
        Input {
            original: input,
            ident: &input.ident,
            attrs,
            repr,
            body,
        }
    }

    /// Whether the type has lifetime parameters (an argument struct borrowing device
    /// buffers: `struct Args<'a> { out: &'a mut CudaSlice<f32> }`).
    pub fn has_lifetimes(&self) -> bool {
        self.original.generics.lifetimes().next().is_some()
    }

    /// Whether the type has type or const parameters.
    pub fn is_generic(&self) -> bool {
        self.original
            .generics
            .params
            .iter()
            .any(|p| !matches!(p, syn::GenericParam::Lifetime(_)))
    }
}

impl Field<'_> {
    /// The field's own token for messages: its name, or its type for a tuple field.
    pub fn span(&self) -> proc_macro2::Span {
        match &self.member {
            syn::Member::Named(id) => id.span(),
            syn::Member::Unnamed(_) => syn::spanned::Spanned::span(self.ty),
        }
    }

    /// The member's C name: `#[ptx(c_name = "…")]`, else the Rust name.
    pub fn c_name(&self) -> String {
        self.attrs
            .c_name
            .as_ref()
            .map_or_else(|| self.name.clone(), |n| n.value())
    }
}

impl Variant<'_> {
    /// The union member's C name: `#[ptx(c_name = "…")]`, else the variant's name (without
    /// `r#`: C has no raw identifiers).
    pub fn c_name(&self) -> String {
        self.attrs
            .c_name
            .as_ref()
            .map_or_else(|| self.ident.unraw().to_string(), |n| n.value())
    }
}

fn fields<'a>(cx: &mut Ctxt, fields: &'a Fields) -> Vec<Field<'a>> {
    match fields {
        Fields::Named(f) => named(cx, f.named.iter()),
        Fields::Unnamed(f) => f
            .unnamed
            .iter()
            .enumerate()
            .map(|(i, field)| Field {
                original: field,
                member: syn::Member::Unnamed(syn::Index::from(i)),
                name: i.to_string(),
                ty: &field.ty,
                attrs: attr::member_attrs(cx, &field.attrs, Site::Field),
            })
            .collect(),
        Fields::Unit => Vec::new(),
    }
}

fn named<'a>(cx: &mut Ctxt, fields: impl Iterator<Item = &'a syn::Field>) -> Vec<Field<'a>> {
    fields
        .filter_map(|field| {
            let ident = field.ident.clone()?;
            Some(Field {
                original: field,
                // C has no raw identifiers: `r#type` is `type` there.
                name: ident.unraw().to_string(),
                member: syn::Member::Named(ident),
                ty: &field.ty,
                attrs: attr::member_attrs(cx, &field.attrs, Site::Field),
            })
        })
        .collect()
}
