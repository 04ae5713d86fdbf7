import Foundation
import ReliefPNG

/// How far an image is from a reference image of the same size, channel value by channel value
/// (0–255): RGB of every pixel, and alpha too unless both images are opaque.
///
/// Colours are compared premultiplied by their alpha, which changes nothing for opaque pixels and,
/// for translucent ones, compares what they add to whatever is beneath: a straight colour at alpha
/// 1/255 is mostly rounding noise (rsvg stores premultiplied 8-bit values, so it keeps almost none).
struct ImageDifference {
    /// One pixel where the images differ, for failure messages.
    struct Pixel: CustomStringConvertible {
        let x: Int
        let y: Int
        let reference: ArraySlice<UInt8>
        let actual: ArraySlice<UInt8>
        /// The largest absolute difference of its premultiplied channels.
        let error: Int

        var description: String {
            "(\(x), \(y)): reference \(Array(reference)), other \(Array(actual)) (straight RGBA), off by \(error)"
        }
    }

    let reference: DecodedImage
    let actual: DecodedImage
    let comparesAlpha: Bool
    private let referenceValues: [UInt8]
    private let actualValues: [UInt8]
    /// 10·log10(255² / MSE) in dB; infinite when the images are equal.
    let peakSignalToNoiseRatio: Double
    /// The smallest error that at least 99% of the compared channel values do not exceed.
    let percentile99: Int
    let maximumError: Int

    /// Compares two images of the same size.
    init(reference: DecodedImage, actual: DecodedImage) {
        precondition(
            reference.width == actual.width && reference.height == actual.height,
            "compare images of the same size")
        self.reference = reference
        self.actual = actual
        comparesAlpha = !(Self.isOpaque(reference) && Self.isOpaque(actual))
        referenceValues = Self.premultiplied(reference.rgba)
        actualValues = Self.premultiplied(actual.rgba)

        var histogram = [Int](repeating: 0, count: 256)
        var sumOfSquares = 0.0
        for index in referenceValues.indices where comparesAlpha || index % 4 != 3 {
            let error = abs(Int(referenceValues[index]) - Int(actualValues[index]))
            histogram[error] += 1
            sumOfSquares += Double(error * error)
        }
        let count = histogram.reduce(0, +)
        let meanSquaredError = sumOfSquares / Double(max(count, 1))
        peakSignalToNoiseRatio = 10 * log10(255 * 255 / meanSquaredError)
        maximumError = histogram.lastIndex { $0 > 0 } ?? 0

        // 99% of `count`, rounded up: the rank whose value is the percentile.
        let rank = (99 * count + 99) / 100
        var seen = 0
        percentile99 =
            histogram.indices.first { error in
                seen += histogram[error]
                return seen >= rank
            } ?? 0
    }

    /// The `count` pixels with the largest channel error, largest first.
    func worstPixels(_ count: Int) -> [Pixel] {
        var worst: [Pixel] = []
        for start in stride(from: 0, to: referenceValues.count, by: 4) {
            let error = pixelError(at: start)
            guard error > 0, worst.count < count || error > worst[worst.count - 1].error else { continue }
            let pixel = start / 4
            let range = start..<(start + 4)
            worst.append(
                Pixel(
                    x: pixel % reference.width, y: pixel / reference.width,
                    reference: reference.rgba[range], actual: actual.rgba[range], error: error))
            worst.sort { $0.error > $1.error }
            if worst.count > count { worst.removeLast() }
        }
        return worst
    }

    /// Opaque RGBA pixels of the absolute differences, scaled by 8 so that small errors show (an
    /// error of 32 or more is full intensity); alpha differences are added to every channel.
    func differenceImage() -> [UInt8] {
        var pixels = [UInt8](repeating: 255, count: referenceValues.count)
        for start in stride(from: 0, to: pixels.count, by: 4) {
            let alphaError = comparesAlpha ? error(at: start + 3) : 0
            for channel in 0..<3 {
                let error = error(at: start + channel)
                pixels[start + channel] = UInt8(min(255, 8 * (error + alphaError)))
            }
        }
        return pixels
    }

    private func error(at index: Int) -> Int {
        abs(Int(referenceValues[index]) - Int(actualValues[index]))
    }

    private func pixelError(at start: Int) -> Int {
        (0..<(comparesAlpha ? 4 : 3)).map { error(at: start + $0) }.max() ?? 0
    }

    /// Colour channels times alpha, rounded; alpha kept.
    private static func premultiplied(_ rgba: [UInt8]) -> [UInt8] {
        var values = rgba
        for start in stride(from: 0, to: values.count, by: 4) where values[start + 3] < 255 {
            let alpha = Int(values[start + 3])
            for channel in 0..<3 {
                values[start + channel] = UInt8((Int(values[start + channel]) * alpha + 127) / 255)
            }
        }
        return values
    }

    private static func isOpaque(_ image: DecodedImage) -> Bool {
        stride(from: 3, to: image.rgba.count, by: 4).allSatisfy { image.rgba[$0] == 255 }
    }
}
