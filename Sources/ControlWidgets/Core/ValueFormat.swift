import Formatting

/// The one printf-style value format of the project lives in the Formatting module, so the
/// layout checker (PanelLayout) and every widget parse formats the same way. Widgets use it
/// under this name without importing Formatting.
public typealias ValueFormat = Formatting.ValueFormat
/// Likewise the rounding every published value goes through.
public typealias ValueRounding = Formatting.ValueRounding
/// And how numbers are written for a locale (the decimal separator).
public typealias NumberLocale = Formatting.NumberLocale
