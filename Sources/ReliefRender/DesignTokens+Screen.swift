import ReliefGeometry
import ReliefScene
import ReliefScreen
import ReliefSpec

extension DesignTokens {
    /// The design-token back end of a screen: the screen's canvas, margin, layout size and
    /// background, then under `relief.elements` a group for every element, keyed by its class
    /// (`relief-screen-N`, in source order): its frame on the canvas, its tokens, and in
    /// `$extensions.org.relief` its element's name and where it starts in the layout. A component's
    /// tokens are those its own `format=json` gives (the `/render` URL of its picture beside them); a text's its
    /// colour and font, an icon's its colour and size, a divider's its colour, a panel's its background.
    enum Screen: TextFormatWriter {
        static func text(of screen: LaidOutScreen, by renderer: Renderer) throws -> String {
            var page = Groups()
            page.addCanvas(screen.canvas, margin: screen.margin, background: screen.scene.background)
            page.sizes.append(.init(name: "layout", value: size(screen.drawing.size)))
            let elements = try screen.parts(by: renderer).map {
                JSONValue.Member(name: $0.className, value: try group(of: $0, shaper: renderer.textShaper))
            }
            let json = JSONValue.object([
                .init(
                    name: "$description",
                    value: .string(
                        "Relief design tokens: \(screen.summary). " + units + " Each element is a group of relief.elements, "
                            + "relief-screen-N in source order: its frame on the canvas, its tokens (a component's as its own "
                            + "format=json gives them), and in $extensions its element and where it starts in the layout.")),
                .init(name: "relief", value: .object(page.members + [.init(name: "elements", value: .object(elements))])),
            ])
            return String(decoding: json.serialized(indent: 2), as: UTF8.self)
        }

        /// One element's group.
        private static func group(of part: ScreenPart, shaper: any TextShaper) throws -> JSONValue {
            let placed = part.placed
            var about: [JSONValue.Member] = [
                .init(name: "element", value: .string(placed.name)),
                .init(name: "line", value: .integer(placed.location.line)),
                .init(name: "column", value: .integer(placed.location.column)),
            ]
            let tokens: [JSONValue.Member]
            if let component = part.component, let surfaces = part.surfaces {
                about.append(.init(name: "render", value: .string("/render?" + component.spec.canonicalQuery)))
                tokens = try groups(
                    spec: component.spec, scene: component.scene, surfaces: surfaces, canvas: component.canvas, shaper: shaper)
            } else {
                var groups = Groups()
                var marks: [View] = []
                for placement in part.drawn {
                    switch (placed.role, placement.view) {
                    case (.stack, .fill(_, let fill)):
                        groups.colors.append(.init(name: "background", value: paint(fill, frame: placement.frame)))
                    case (.divider, .fill(_, let fill)):
                        groups.colors.append(.init(name: "divider", value: paint(fill, frame: placement.frame)))
                    default:
                        marks.append(placement.view)
                    }
                }
                // A text's lines together: one colour described by all its words, one font.
                if !marks.isEmpty { try groups.addMarks(of: .zStack(marks), frame: part.frame, shaper: shaper) }
                tokens = groups.members
            }
            let frame = part.frame
            let box: [JSONValue.Member] = [
                .init(name: "x", value: dimension(frame.minX)), .init(name: "y", value: dimension(frame.minY)),
                .init(name: "width", value: dimension(frame.width)), .init(name: "height", value: dimension(frame.height)),
            ]
            return .object(
                [
                    .init(name: "$description", value: .string("\(placed.name) at \(part.location)")),
                    .init(name: "$extensions", value: .object([.init(name: "org.relief", value: .object(about))])),
                    .init(name: "frame", value: .object(box)),
                ] + tokens)
        }
    }
}
