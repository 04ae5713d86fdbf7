/// Deterministic RGBA pixel buffers for the tests.
enum TestImage {
    /// Opaque: a diagonal gradient with a disc, every channel varying.
    static func opaque(width: Int, height: Int) -> [UInt8] {
        var rgba = [UInt8]()
        rgba.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let inDisc = (x - width / 2) * (x - width / 2) + (y - height / 2) * (y - height / 2) < width * height / 9
                rgba += [UInt8((x * 7 + y * 3) & 0xFF), UInt8((x * 2 + y * 5) & 0xFF), inDisc ? 200 : UInt8((x ^ y) & 0xFF), 255]
            }
        }
        return rgba
    }

    /// Translucent: the opaque image with alpha cycling through 0, 1, 128, 254, 255 and a ramp,
    /// so fully transparent, barely visible and opaque pixels all occur.
    static func translucent(width: Int, height: Int) -> [UInt8] {
        var rgba = opaque(width: width, height: height)
        let alphas: [UInt8] = [0, 1, 128, 254, 255]
        for pixel in 0..<(width * height) {
            rgba[pixel * 4 + 3] = pixel % 2 == 0 ? alphas[(pixel / 2) % alphas.count] : UInt8((pixel * 13) & 0xFF)
        }
        return rgba
    }
}

extension TestImage {
    /// Whether two RGBA buffers show the same image: equal alpha everywhere, equal colour wherever
    /// alpha is above 0 (a fully transparent pixel's colour is invisible and carries no promise).
    static func visiblyEqual(_ decoded: [UInt8], _ original: [UInt8]) -> Bool {
        guard decoded.count == original.count else { return false }
        for pixel in stride(from: 0, to: original.count, by: 4) {
            let alpha = original[pixel + 3]
            guard decoded[pixel + 3] == alpha else { return false }
            if alpha > 0, decoded[pixel..<(pixel + 3)] != original[pixel..<(pixel + 3)] { return false }
        }
        return true
    }
}
