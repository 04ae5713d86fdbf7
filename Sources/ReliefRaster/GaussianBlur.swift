#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A Gaussian blur whose cost per pixel does not grow with σ.
///
/// Small σ (below ``GaussianBlur/recursiveThreshold`` pixels) convolves directly with the Gaussian
/// integrated over each pixel, at most 2·⌈4σ⌉+1 taps: a step edge then follows erf exactly, where
/// point samples of a narrow Gaussian would not. Larger σ runs Deriche's fourth-order recursive
/// filter: two complex first-order sections forwards and two backwards, whose impulse response follows
/// the Gaussian to within 0.1% of its peak, so a blurred step edge stays within 1/255 of erf.
///
/// Layers' blurs and shadows run it through ``BlurredPlane``; whole-image filters through
/// ``blurredWithEdgesExtended(_:width:height:sigma:)``.
public struct GaussianBlur {
    typealias Vector = FloatPlane.Vector

    /// Below this σ (pixels) the recursive filter's sampling error shows, and a direct kernel is cheap.
    static let recursiveThreshold = 2.5

    /// Below σ = 5·factor pixels there is no reduction; the reduced blur keeps σ ≥ 5 pixels, where
    /// bilinear regrowth is exact to a fraction of 1/255.
    public static let pixelsPerReduction = 5.0
    static let maximumReduction = 8

    /// How much a blur of `sigma` pixels may shrink its input, and the σ left to apply to the
    /// shrunken copy: block averaging (variance (f² − 1)/12) and bilinear regrowth (f²/6) make up
    /// the rest of σ². The shrunken copy keeps σ ≥ `cellSigma` cells (``pixelsPerReduction`` by
    /// default, where regrowth is exact to a fraction of 1/255).
    public static func reduction(sigma: Double, cellSigma: Double = pixelsPerReduction) -> (factor: Int, sigma: Double) {
        let factor = min(max(Int(sigma / cellSigma), 1), maximumReduction)
        guard factor > 1 else { return (1, sigma) }
        let f = Double(factor)
        let remaining = sigma * sigma - (f * f - 1) / 12 - f * f / 6
        return (factor, remaining.squareRoot() / f)
    }

    /// How far the blur spreads, in σ: beyond 4σ the Gaussian holds less than 0.01% of its mass.
    public static let reachInSigmas = 4.0

    /// How far (pixels) the blur spreads: ``reachInSigmas`` σ, in whole pixels.
    public static func reach(sigma: Double) -> Int { Int((reachInSigmas * sigma).rounded(.up)) }

    private enum Filter {
        case kernel([Float])
        case recursive(DericheCoefficients)
    }

    private let filter: Filter

    init(sigma: Double) {
        if sigma >= Self.recursiveThreshold {
            filter = .recursive(DericheCoefficients(sigma: sigma))
        } else {
            let reach = Self.reach(sigma: sigma)
            func cdf(_ x: Double) -> Double { 0.5 * (1 + erf(x / (sigma * 2.0.squareRoot()))) }
            let weights = (-reach...reach).map { k in cdf(Double(k) + 0.5) - cdf(Double(k) - 0.5) }
            let total = weights.reduce(0, +)
            filter = .kernel(weights.map { Float($0 / total) })
        }
    }

    /// Blurs `rows` rows of `rowStride` floats (a multiple of 8) along the columns, eight columns at a
    /// time; every float position is filtered on its own, so interleaved channels stay apart.
    func filterColumns(_ source: UnsafePointer<Float>, _ destination: UnsafeMutablePointer<Float>, rowStride: Int, rows: Int) {
        let input = UnsafeRawPointer(source), output = UnsafeMutableRawPointer(destination)
        let rowBytes = rowStride * MemoryLayout<Float>.stride
        for column in stride(from: 0, to: rowStride, by: Vector.scalarCount) {
            let offset = column * MemoryLayout<Float>.stride
            switch filter {
            case .kernel(let weights):
                Self.convolve(input + offset, output + offset, rowBytes: rowBytes, rows: rows, weights: weights)
            case .recursive(let c):
                Self.recurse(input + offset, output + offset, rowBytes: rowBytes, rows: rows, c)
            }
        }
    }

    @inline(__always)
    private static func convolve(
        _ input: UnsafeRawPointer, _ output: UnsafeMutableRawPointer, rowBytes: Int, rows: Int,
        weights: [Float]
    ) {
        let reach = weights.count / 2
        weights.withUnsafeBufferPointer { w in
            for y in 0..<rows {
                var sum = Vector.zero
                for k in max(-reach, -y)...min(reach, rows - 1 - y) {
                    sum += w[k + reach] * input.loadUnaligned(fromByteOffset: (y + k) * rowBytes, as: Vector.self)
                }
                output.storeBytes(of: sum, toByteOffset: y * rowBytes, as: Vector.self)
            }
        }
    }

    @inline(__always)
    private static func recurse(
        _ input: UnsafeRawPointer, _ output: UnsafeMutableRawPointer, rowBytes: Int, rows: Int,
        _ c: DericheCoefficients
    ) {
        // A blur's domain reaches 4σ past its content on either side: rows of zeros there leave a
        // half's state at zero, so its value is zero without running the sections.
        @inline(__always) func isZero(_ y: Int) -> Bool {
            // The eight floats' bits as four words, their signs left out: a vector compare in Swift
            // goes lane by lane.
            let row = input + y * rowBytes
            let bits =
                row.loadUnaligned(as: UInt64.self) | row.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                | row.loadUnaligned(fromByteOffset: 16, as: UInt64.self) | row.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
            return bits & 0x7FFF_FFFF_7FFF_FFFF == 0
        }
        var first = 0
        while first < rows, isZero(first) {
            output.storeBytes(of: .zero, toByteOffset: first * rowBytes, as: Vector.self)
            first += 1
        }
        var last = rows - 1
        while last >= first, isZero(last) { last -= 1 }
        // Forwards, the causal half: u[n] = α·x[n] + p·u[n−1] for both complex sections.
        var r1 = Vector.zero, i1 = Vector.zero, r2 = Vector.zero, i2 = Vector.zero
        for y in first..<rows {
            let x = input.loadUnaligned(fromByteOffset: y * rowBytes, as: Vector.self)
            (r1, i1) = (c.p1r * r1 - c.p1i * i1 + c.a1r * x, c.p1r * i1 + c.p1i * r1 + c.a1i * x)
            (r2, i2) = (c.p2r * r2 - c.p2i * i2 + c.a2r * x, c.p2r * i2 + c.p2i * r2 + c.a2i * x)
            output.storeBytes(of: r1 + r2, toByteOffset: y * rowBytes, as: Vector.self)
        }
        // Backwards: v[n] = α·p·x[n+1] + p·v[n+1], added to the causal half and normalised.
        r1 = .zero; i1 = .zero; r2 = .zero; i2 = .zero
        var y = rows - 1
        while y > last {
            let sum = (output.loadUnaligned(fromByteOffset: y * rowBytes, as: Vector.self) + r1 + r2) * c.normalisation
            output.storeBytes(of: sum, toByteOffset: y * rowBytes, as: Vector.self)
            y -= 1
        }
        while y >= 0 {
            var sum = output.loadUnaligned(fromByteOffset: y * rowBytes, as: Vector.self) + r1 + r2
            sum *= c.normalisation
            output.storeBytes(of: sum, toByteOffset: y * rowBytes, as: Vector.self)
            let x = input.loadUnaligned(fromByteOffset: y * rowBytes, as: Vector.self)
            (r1, i1) = (c.p1r * r1 - c.p1i * i1 + c.b1r * x, c.p1r * i1 + c.p1i * r1 + c.b1i * x)
            (r2, i2) = (c.p2r * r2 - c.p2i * i2 + c.b2r * x, c.p2r * i2 + c.p2i * r2 + c.b2i * x)
            y -= 1
        }
    }
}

/// Deriche's fourth-order approximation of the Gaussian, as two complex exponential sections.
///
/// g(t) ≈ Re[(a0 − i·a1)·e^{(−b0 + i·w0)t}] + Re[(c0 − i·c1)·e^{(−b1 + i·w1)t}], t = |n|/σ.
struct DericheCoefficients {
    // Published fit of the unit Gaussian exp(−t²/2) (Deriche, 1993).
    private static let a0 = 1.680, a1 = 3.735, b0 = 1.783, w0 = 0.6318
    private static let c0 = -0.6803, c1 = -0.2598, b1 = 1.723, w1 = 1.997

    /// Poles p = e^{λ/σ}.
    let p1r: Float, p1i: Float, p2r: Float, p2i: Float
    /// Forward input weights α.
    let a1r: Float, a1i: Float, a2r: Float, a2i: Float
    /// Backward input weights α·p.
    let b1r: Float, b1i: Float, b2r: Float, b2i: Float
    /// 1 / Σ h[n], so a flat input stays flat.
    let normalisation: Float

    init(sigma: Double) {
        func pole(_ decay: Double, _ frequency: Double) -> (Double, Double) {
            let m = exp(-decay / sigma)
            return (m * cos(frequency / sigma), m * sin(frequency / sigma))
        }
        let (q1r, q1i) = pole(Self.b0, Self.w0)
        let (q2r, q2i) = pole(Self.b1, Self.w1)
        let (s1r, s1i) = (Self.a0, -Self.a1)
        let (s2r, s2i) = (Self.c0, -Self.c1)
        // Σ over n of the two-sided response: Re[α(1 + p)/(1 − p)] for each section.
        func sum(_ ar: Double, _ ai: Double, _ pr: Double, _ pi: Double) -> Double {
            let nr = ar * (1 + pr) - ai * pi, ni = ar * pi + ai * (1 + pr)
            let dr = 1 - pr, di = -pi
            return (nr * dr + ni * di) / (dr * dr + di * di)
        }
        let total = sum(s1r, s1i, q1r, q1i) + sum(s2r, s2i, q2r, q2i)
        p1r = Float(q1r); p1i = Float(q1i); p2r = Float(q2r); p2i = Float(q2i)
        a1r = Float(s1r); a1i = Float(s1i); a2r = Float(s2r); a2i = Float(s2i)
        b1r = Float(s1r * q1r - s1i * q1i); b1i = Float(s1r * q1i + s1i * q1r)
        b2r = Float(s2r * q2r - s2i * q2i); b2i = Float(s2r * q2i + s2i * q2r)
        normalisation = Float(1 / total)
    }
}
