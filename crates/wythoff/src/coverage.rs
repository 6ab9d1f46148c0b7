//! Coverage table (placeholder).
