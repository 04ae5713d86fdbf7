extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }

    /// Milliseconds with two decimals, `0.21` or `17.50`, as the access log and `Server-Timing` show them.
    var millisecondsText: String {
        let hundredths = max(0, Int((seconds * 100_000).rounded()))
        let fraction = hundredths % 100
        return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + String(fraction)
    }
}
