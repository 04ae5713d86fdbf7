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
    /// `count` distinct colours, none of them grey but the first, all with alpha `alpha`.
    static func distinctColours(_ count: Int, alpha: UInt8 = 255) -> [[UInt8]] {
        (0..<count).map { (n: Int) -> [UInt8] in
            let red = UInt8(n & 0xFF), green = UInt8((n >> 8) & 0xFF), blue = UInt8((n * 37) & 0xFF)
            return [red, green, blue, alpha]
        }
    }

    /// A `width` × `height` image that uses every one of `colours` (cycling through them in a
    /// pattern that is neither a run nor a repeat of the row above), and no other.
    static func using(_ colours: [[UInt8]], width: Int, height: Int) -> [UInt8] {
        precondition(width * height >= colours.count)
        var rgba = [UInt8]()
        rgba.reserveCapacity(width * height * 4)
        for pixel in 0..<(width * height) {
            rgba += colours[pixel < colours.count ? pixel : (pixel * 7 + pixel / width) % colours.count]
        }
        return rgba
    }
}

extension TestImage {
    /// Opaque grey colours of the given levels.
    static func greys(_ levels: [UInt8]) -> [[UInt8]] {
        levels.map { level in [level, level, level, 255] }
    }

    /// `count` distinct grey colours whose alpha varies: level `n % 256`, alpha `n / 3`.
    static func translucentGreys(_ count: Int) -> [[UInt8]] {
        (0..<count).map { (n: Int) -> [UInt8] in
            let level = UInt8(n % 256)
            return [level, level, level, UInt8(n / 3)]
        }
    }
}
