import ReliefAccessibility

/// An opaque image of one colour, with `paint` deciding some pixels' colours.
func image(
    width: Int, height: Int, _ color: PixelColor,
    paint: (Int, Int) -> PixelColor? = { _, _ in nil }
) -> PixelImage {
    var rgba: [UInt8] = []
    for y in 0..<height {
        for x in 0..<width {
            let c = paint(x, y) ?? color
            rgba += [c.red, c.green, c.blue, 255]
        }
    }
    return PixelImage(width: width, height: height, rgba: rgba)
}

let offWhite = PixelColor(225, 225, 235)
let systemGray = PixelColor(142, 142, 147)
