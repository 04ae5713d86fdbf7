/// What a layer holds a pixel as: a premultiplied colour (`SIMD4<Float>`) or a coverage (`Float`).
/// Masks scale them; blurs read them back from planes of as many channels.
protocol PixelValue {
    static var zero: Self { get }
    /// Floats a pixel takes in a plane.
    static var channels: Int { get }
    /// Pixel `index` of a plane row of pixels packed `channels` floats apart.
    init(loading row: UnsafeRawPointer, cell index: Int)
    /// Stores the value as pixel `index` of such a row.
    func store(into row: UnsafeMutableRawPointer, cell index: Int)
    func scaled(by factor: Float) -> Self
    static func + (lhs: Self, rhs: Self) -> Self
    static func - (lhs: Self, rhs: Self) -> Self
}

extension Float: PixelValue {
    static var channels: Int { 1 }
    @inline(__always) init(loading row: UnsafeRawPointer, cell index: Int) {
        self = row.load(fromByteOffset: index &* 4, as: Float.self)
    }
    @inline(__always) func store(into row: UnsafeMutableRawPointer, cell index: Int) {
        row.storeBytes(of: self, toByteOffset: index &* 4, as: Float.self)
    }
    @inline(__always) func scaled(by factor: Float) -> Float { self * factor }
}

extension SIMD4: PixelValue where Scalar == Float {
    static var channels: Int { 4 }
    @inline(__always) init(loading row: UnsafeRawPointer, cell index: Int) {
        self = row.loadUnaligned(fromByteOffset: index &* 16, as: SIMD4<Float>.self)
    }
    @inline(__always) func store(into row: UnsafeMutableRawPointer, cell index: Int) {
        row.storeBytes(of: self, toByteOffset: index &* 16, as: SIMD4<Float>.self)
    }
    @inline(__always) func scaled(by factor: Float) -> SIMD4<Float> { self * factor }
}
