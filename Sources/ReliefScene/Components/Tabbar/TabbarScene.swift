import ReliefGeometry
import ReliefMotion
import ReliefSpec

/// A tab bar (docs/CONTROLS.md): a raised bar, the chosen tab pressed in inside its share, each tab's
/// icon (and caption under it) centred in its share; in an animation the pressed tab slides from the
/// tab `from` names with seed 004's spring.
extension RenderSpec.TabbarOptions: ComponentScene {
    /// Points between the pressed tab and the edge of its share.
    static let chosenInset = 6.0
    /// How much smaller the pressed tab's corner radius is than the bar's (16 of the default 20).
    static let chosenRadiusReduction = 4.0
    /// Points between an icon and its caption.
    static let captionSpacing = 4.0
    /// The caption's size at textsize l: Dynamic Type's caption style at large.
    static let captionSize = 12.0
    /// The least room around a tab's icon and caption inside the pressed tab, in points.
    static let contentPadding = 8.0

    func drawing(in context: ComponentSceneContext) throws -> ComponentDrawing {
        let style = context.style, look = context.spec.look
        let growth = look.wordsTextSize.pointSize / RenderSpec.TextSize.l.pointSize
        let iconSide = frame.height * IconArtwork.frameFraction * growth
        let color = { (number: Int) in
            number == selection.selected ? style.chosenForeground : style.foreground(isActive: false)
        }
        let captions = labels.map { words in
            words.enumerated().map { index, word in
                TextRun(
                    word, size: Self.captionSize * growth, weight: .regular, color: color(index + 1), font: look.wordsFont,
                    language: look.language)
            }
        }
        let shaped = try captions?.map { try context.shaper.shape($0) } ?? []
        let widest = max(iconSide, shaped.map(\.advance).max() ?? 0)
        let contentHeight = iconSide + (shaped.map(\.lineHeight).max().map { $0 + Self.captionSpacing } ?? 0)
        let room = 2 * (Self.chosenInset + Self.contentPadding)
        let size = Size(
            max(frame.width, Double(tabs.count) * (widest + room)), max(frame.height, contentHeight + room))
        let shares = ChoiceShares(count: tabs.count, size: size, isRightToLeft: shaped.first?.isRightToLeft ?? false)
        let (outline, radius) = shares.outline(requested: frame)
        let bar = style.surface(outline, isActive: false).frame(width: size.width, height: size.height)
        let chosen = shares.chosen(
            style.surface(.roundedRectangle(cornerRadius: max(0, radius - Self.chosenRadiusReduction)), isActive: true),
            at: selection.selected, inset: Self.chosenInset)
        // contrast=high rings the bar again over the chosen tab, whose shadows would fade the bar's
        // edge beside it, with the edge a well draws (as a checkbox's box has).
        let edge =
            look.contrast == .high
            ? style.wellParts(outline, depth: .shallow).edge?.frame(width: size.width, height: size.height) : nil
        let parts = [bar, chosen] + (edge.map { [$0] } ?? [])
        guard context.glyphs == .drawn else {
            return ComponentDrawing(view: .zStack(parts), size: size, outline: outline, parts: .choices(shares.frames))
        }
        let contents = tabs.enumerated().map { index, icon in
            let artwork = IconArtwork.path(for: icon).map { View.artwork($0, size: iconSide, .color(color(index + 1))) }
            guard let caption = captions?[index] else { return artwork ?? .empty }
            return View.vStack(
                [artwork?.frame(width: iconSide, height: iconSide) ?? .empty, .text(caption)], spacing: Self.captionSpacing)
        }
        return ComponentDrawing(
            view: .zStack(parts + [shares.row(contents)]), size: size, outline: outline, parts: .choices(shares.frames))
    }

    func timeline(frameWidth: Double, scale: Double) -> Timeline {
        ChoiceShares.slide(selection, count: tabs.count, frameWidth: frameWidth, scale: scale)
    }
}
