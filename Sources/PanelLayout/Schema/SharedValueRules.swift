/// Bounds the widget schemas share with the command parser (±1e9 for values, ids, counts).
extension ValueRule {
    package static let sliderNumber = ValueRule.number(min: .atLeast(-1e9), max: .atMost(1e9))
    package static let sliderLength = ValueRule.number(min: .atLeast(0), max: .atMost(4096))
}
