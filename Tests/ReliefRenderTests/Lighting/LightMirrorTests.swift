import ReliefRender
import ReliefSpec
import Testing

/// Light from a mirror image of the seeds' direction draws the mirror image of the seeds' relief:
/// from the top-right, the default mirrored left to right; from the bottom-left, top to bottom. A
/// quarter turn would say the same of a button, whose recipe is symmetric about its diagonal, but
/// laid seed 004's vertical masks of a soft well and switch on their side. Icons and words are left
/// out, as they are not mirrored; a switch's knob is, so a switch mirrored left to right is
/// compared with the other state's.
@Suite("Light from a mirror direction")
struct LightMirrorTests {
    /// The components in the styles whose recipes are not symmetric about the light's diagonal, and
    /// buttons, which are.
    static let queries = [
        "component=well&style=soft", "component=well&style=soft&depth=shallow", "component=switch&style=soft",
        "component=switch&style=soft&on=true", "component=well&style=light", "style=light", "style=dark&pressed=true",
    ]

    /// The largest difference of any channel between `image` mirrored as `mirrored` says and `other`.
    static func largestDifference(_ image: RenderedImage, mirroredLeftToRight: Bool, from other: RenderedImage) -> Int {
        precondition(image.width == other.width && image.height == other.height)
        var largest = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let (sourceX, sourceY) = mirroredLeftToRight ? (image.width - 1 - x, y) : (x, image.height - 1 - y)
                for channel in 0..<4 {
                    let mine = Int(image.rgba[(sourceY * image.width + sourceX) * 4 + channel])
                    largest = max(largest, abs(mine - Int(other.rgba[(y * other.width + x) * 4 + channel])))
                }
            }
        }
        return largest
    }

    @Test(arguments: queries)
    func topRightIsTheDefaultMirroredLeftToRight(query: String) throws {
        let renderer = Renderer()
        let lit = try RenderSpec.parse(query: query + "&light=topright")
        // The knob mirrored left to right stands where the other state puts it.
        let seedsSpec =
            lit.component.kind == .switch ? try RenderSpec.parse(query: query).otherState : try RenderSpec.parse(query: query)
        let seeds = try renderer.image(for: seedsSpec, glyphs: .omitted)
        let mirrored = try renderer.image(for: lit, glyphs: .omitted)
        // A level for the rasterizer's sampling, which is not exactly symmetric.
        #expect(Self.largestDifference(seeds, mirroredLeftToRight: true, from: mirrored) <= 1, "\(query)")
    }

    @Test(arguments: queries)
    func bottomLeftIsTheDefaultMirroredTopToBottom(query: String) throws {
        let renderer = Renderer()
        let seeds = try renderer.image(for: try RenderSpec.parse(query: query), glyphs: .omitted)
        let mirrored = try renderer.image(for: try RenderSpec.parse(query: query + "&light=bottomleft"), glyphs: .omitted)
        #expect(Self.largestDifference(seeds, mirroredLeftToRight: false, from: mirrored) <= 1, "\(query)")
    }
}
