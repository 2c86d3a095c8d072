#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// log10 for the modules that keep Glibc out (the panel core's brightness curve).
public func decimalLogarithm(_ x: Double) -> Double { log10(x) }
