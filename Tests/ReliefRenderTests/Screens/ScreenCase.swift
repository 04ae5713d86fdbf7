import Foundation
import ReliefPNG
import ReliefRender
import ReliefScreen
import ReliefSpec
import Synchronization
import Testing

/// A screen the format tests write in every format and compare with its PNG.
struct ScreenCase: Sendable, CustomTestStringConvertible {
    /// Short and unique; also part of the folder name of a failure's files.
    let name: String
    /// The layout: a file's name in `Tests/screens` (which the browser tests draw too), or its text.
    let layout: Layout
    /// What the query sets beside the layout.
    let query: String
    let style: RenderSpec.Style

    var testDescription: String { name }

    enum Layout: Sendable {
        case file(String)
        case text(String)
    }

    /// The layout's text.
    func layoutText() throws -> String {
        switch layout {
        case .text(let text):
            return text
        case .file(let name):
            let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
            return try String(contentsOf: tests.appendingPathComponent("screens/\(name).layout"), encoding: .utf8)
        }
    }

    /// The request in `format`.
    func request(_ format: RenderSpec.Format) throws -> ScreenRequest {
        try ScreenRequest.parse(
            query: QuerySettings.query([(ScreenRequest.sourceName, ScreenSource.encode(layoutText()))]) + "&" + query
                + "&format=" + format.rawValue)
    }

    /// The file of the screen in `format`.
    func file(_ format: RenderSpec.Format) throws -> [UInt8] {
        try Renderer().file(for: request(format)).bytes
    }

    /// The text of the screen in a text format.
    func text(_ format: RenderSpec.Format) throws -> String {
        String(decoding: try file(format), as: UTF8.self)
    }

    /// The screen's PNG, decoded; drawn once for all the suites that compare with it.
    func png() throws -> DecodedImage {
        if let drawn = Self.pictures.withLock({ $0[name] }) { return drawn }
        let picture = try PNGDecoder.decode(file(.png))
        Self.pictures.withLock { $0[name] = picture }
        return picture
    }

    private static let pictures = Mutex<[String: DecodedImage]>([:])

    /// Each screen in each style, at the gallery's scale: SPEC §14's example, a settings screen (icons,
    /// dividers, a panel in another style) and the gallery's menu cell of seed 002 at AX3, where its
    /// AdaptiveStack is a column; then the gallery's sign-in and settings forms in the style the
    /// gallery draws each in: panels holding content, flexible controls, edge padding, flexible
    /// frames and text modifiers.
    static let all: [ScreenCase] =
        [
            ("player", Layout.file("player"), ""), ("settings", .file("settings"), ""),
            ("menu-cell-ax3", .text(ScreenShowcase.menuCell.layout), "&textsize=ax3"),
        ].flatMap { name, layout, query in
            RenderSpec.Style.allCases.map { style in drawn(name, layout, in: style, query) }
        }
        + [(ScreenShowcase.signIn, RenderSpec.Style.light), (ScreenShowcase.settingsForm, .dark)].map { entry, style in
            drawn(entry.name, .text(entry.layout), in: style)
        }

    /// `layout` named `name` and its style, in `style` at the gallery's scale, `query` after that.
    private static func drawn(_ name: String, _ layout: Layout, in style: RenderSpec.Style, _ query: String = "") -> ScreenCase {
        ScreenCase(
            name: "\(name)-\(style.rawValue)", layout: layout,
            query: "style=\(style.rawValue)&scale=\(DecimalText.format(Showcase.scale))" + query, style: style)
    }
}
