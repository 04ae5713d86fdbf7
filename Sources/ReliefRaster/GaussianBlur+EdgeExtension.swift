extension GaussianBlur {
    /// A whole image blurred by the rasterizer's Gaussian, as if its edge pixels went on beyond it.
    ///
    /// `pixels` holds `width` × `height` values of four floats, row by row, in any unit the blur may
    /// average (premultiplied linear light, say); σ is `sigma` pixels. Only the blur's reach of the
    /// extension is made, beyond which it cannot be seen.
    public static func blurredWithEdgesExtended(_ pixels: [SIMD4<Float>], width: Int, height: Int,
                                                sigma: Double) -> [SIMD4<Float>] {
        precondition(pixels.count == width * height, "pixels must hold width × height values")
        let image = PixelRect(width: width, height: height)
        guard !image.isEmpty else { return pixels }
        let domain = image.outset(by: reach(sigma: sigma))
        let blurred = pixels.withUnsafeBufferPointer { source in
            BlurredPlane(domain, domain: domain, channels: 4, sigma: sigma) { y, columns, out in
                let row = min(max(y, 0), height - 1) * width
                let target = UnsafeMutableRawPointer(out)
                for x in columns {
                    target.storeBytes(of: source[row + min(max(x, 0), width - 1)], toByteOffset: (x - columns.lowerBound) * 16,
                                      as: SIMD4<Float>.self)
                }
            }
        }
        return [SIMD4<Float>](unsafeUninitializedCapacity: image.area) { buffer, count in
            blurred.read(image, into: buffer)
            count = image.area
        }
    }
}
