import ReliefRaster

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Straight-alpha RGBA bytes of one rectangle of an image's canvas, rows tightly packed: a part of
/// an animation frame, or the whole canvas as a viewer shows it.
struct PixelPatch: Sendable {
    /// Where the pixels lie on the canvas.
    private(set) var rect: PixelRect
    private(set) var rgba: [UInt8]

    init(_ image: RenderedImage, at rect: PixelRect) {
        precondition(image.width == rect.width && image.height == rect.height, "a patch's pixels fill its rectangle")
        self.rect = rect
        rgba = image.rgba
    }

    /// The smallest rectangle inside `area` holding every pixel where `other` differs from this
    /// patch; both must cover `area`. Empty when none does.
    func changedBounds(to other: PixelPatch, within area: PixelRect) -> PixelRect {
        precondition(rect.intersection(area) == area && other.rect.intersection(area) == area, "both patches cover the area")
        var changed = PixelRect.empty
        rgba.withUnsafeBytes { mine in
            other.rgba.withUnsafeBytes { theirs in
                for y in area.minY..<area.maxY {
                    let a = mine.baseAddress! + offset(x: area.minX, y: y),
                        b = theirs.baseAddress! + other.offset(x: area.minX, y: y)
                    guard memcmp(a, b, area.width * 4) != 0 else { continue }
                    // The row differs: find its first and last pixels that do.
                    func differs(_ x: Int) -> Bool {
                        a.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                            != b.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                    }
                    guard let first = (0..<area.width).first(where: differs), let last = (0..<area.width).last(where: differs)
                    else { continue }
                    changed = changed.union(PixelRect(minX: area.minX + first, minY: y, maxX: area.minX + last + 1, maxY: y + 1))
                }
            }
        }
        return changed
    }

    /// The pixels of `area`, which this patch covers; the patch itself, sharing its pixels, when
    /// `area` is all of it.
    func cropped(to area: PixelRect) -> PixelPatch {
        precondition(rect.intersection(area) == area, "a crop lies inside the patch")
        guard area != rect else { return self }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(area.area * 4)
        for y in area.minY..<area.maxY {
            let start = offset(x: area.minX, y: y)
            bytes += rgba[start..<(start + area.width * 4)]
        }
        return PixelPatch(rect: area, rgba: bytes)
    }

    /// `patch` written over this one where it lies.
    mutating func paste(_ patch: PixelPatch) {
        precondition(rect.intersection(patch.rect) == patch.rect, "a pasted patch lies inside this one")
        let rowBytes = patch.rect.width * 4
        for row in 0..<patch.rect.height {
            let start = offset(x: patch.rect.minX, y: patch.rect.minY + row)
            rgba.replaceSubrange(start..<(start + rowBytes), with: patch.rgba[(row * rowBytes)..<((row + 1) * rowBytes)])
        }
    }

    private init(rect: PixelRect, rgba: [UInt8]) {
        self.rect = rect
        self.rgba = rgba
    }

    /// The index of canvas pixel (x, y)'s first byte.
    private func offset(x: Int, y: Int) -> Int {
        ((y - rect.minY) * rect.width + (x - rect.minX)) * 4
    }
}
