import ReliefSpec

extension Renderer {
    /// The most memory a render of a `width` × `height` image with `simulation` holds at once,
    /// beyond what the process holds anyway: its bytes, the band being drawn and the PNG. Measured
    /// peaks (docs/PERFORMANCE.md) stay below it for every component and style.
    public static func estimatedPeakBytes(width: Int, height: Int, simulation: RenderSpec.Simulation) -> Int {
        let pixels = width * height
        return 4 * pixels + Int(Double(pixels) * 0.5) + (8 << 20)
    }
}
