import ReliefRender
import Testing

@testable import ReliefSpec

/// Labels in other scripts and with emoji, through the whole pipeline: spec, scene, raster.
@Suite("Labels in every script")
struct LabelScriptRenderTests {
    let renderer = Renderer()

    func image(label: String) throws -> RenderedImage {
        try renderer.image(for: RenderSpec.parse(query: "style=light&shape=capsule&label=\(QueryString.encode(label))&scale=2"))
    }

    // Latin, Han, kana, Korean, Hebrew, Arabic, Devanagari, Thai, emoji.
    @Test(arguments: [
        ("Order", "Greet"), ("開啟", "設定"), ("かな", "カナ"), ("안녕", "감사"), ("שלום", "תודה"),
        ("سلام", "شكرا"), ("कमल", "नगर"), ("สวัสดี", "ขอบคุณ"), ("🍕", "🍔"),
    ])
    func differentWordsOfOneLengthDrawDifferentPixels(first: String, second: String) throws {
        // Missing-glyph boxes would draw the same pixels for any two words of one length.
        #expect(try image(label: first).rgba != image(label: second).rgba)
    }

    @Test func emojiInALabelAreDrawnInColour() throws {
        let image = try image(label: "Hot 🍕")
        // The light style is greys only: a saturated pixel comes from the emoji.
        let saturated = stride(from: 0, to: image.rgba.count, by: 4).filter { i in
            let channels = image.rgba[i..<(i + 3)].map(Int.init)
            return channels.max()! - channels.min()! > 80
        }
        #expect(saturated.count > 200)
        #expect(try self.image(label: "Hot").rgba.count == image.rgba.count, "text and emoji stay one line in the same capsule")
    }
}
