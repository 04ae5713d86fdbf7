import ReliefGeometry

extension View {
    /// Lays the view out in `frame`, shaping its text with `shaper`.
    public func placed(in frame: Rect, shaper: any TextShaper) throws -> PlacedNode {
        switch self {
        case .empty, .spacer:
            return .group([])
        case .fill(let shape, let fill):
            return .fill(shape.geometry(in: frame), fill, frame: frame)
        case .stroke(let shape, let fill, let lineWidth):
            return .stroke(shape.geometry(in: frame), fill, lineWidth: lineWidth, frame: frame)
        case .text(let run):
            let line = try shaper.shape(run)
            // Centre the line box (ascent + descent) in the frame, as a Text view sizes to fit.
            let origin = Point(
                frame.center.x - line.advance / 2,
                frame.center.y - (line.ascent + line.descent) / 2 + line.ascent)
            let box = Rect(x: origin.x, y: origin.y - line.ascent, width: line.advance, height: line.ascent + line.descent)
            return Self.placed(line, at: origin, color: run.color, frame: box)
        case .lines(let runs):
            let shaped = try runs.map { try shaper.shape($0) }
            var top = frame.center.y - shaped.reduce(0) { $0 + $1.ascent + $1.descent } / 2
            return .group(
                zip(runs, shaped).map { run, line in
                    let origin = Point(frame.center.x - line.advance / 2, top + line.ascent)
                    let box = Rect(x: origin.x, y: top, width: line.advance, height: line.ascent + line.descent)
                    top += line.ascent + line.descent
                    return Self.placed(line, at: origin, color: run.color, frame: box)
                })
        case .artwork(let path, let size, let fill):
            let box = frame.centered(Size(size, size))
            return .path(path.scaled(by: size, translatedBy: box.origin), fill, frame: box)
        case .zStack(let children):
            return .group(try children.map { try $0.placed(in: frame, shaper: shaper) })
        case .hStack(let children, let spacing):
            let columns = try Self.columns(for: children, spacing: spacing, in: frame, shaper: shaper)
            return .group(try columns.map { child, column in try child.placed(in: column, shaper: shaper) })
        case .vStack(let children, let spacing):
            return .group(
                try Self.rows(for: children, spacing: spacing, in: frame, shaper: shaper).map { child, row in
                    try child.placed(in: row, shaper: shaper)
                })
        case .frame(let child, let width, let height):
            let size = Size(width ?? frame.width, height ?? frame.height)
            return try child.placed(in: frame.centered(size), shaper: shaper)
        case .padding(let child, let amount):
            return try child.placed(in: frame.insetBy(amount), shaper: shaper)
        case .overlay(let base, let overlay):
            return .group([try base.placed(in: frame, shaper: shaper), try overlay.placed(in: frame, shaper: shaper)])
        case .shadow(let child, let shadow):
            return .shadow(try child.placed(in: frame, shaper: shaper), shadow)
        case .blur(let child, let radius):
            return .blur(try child.placed(in: frame, shaper: shaper), radius: radius)
        case .offset(let child, let x, let y), .layoutOffset(let child, let x, let y):
            return .offset(try child.placed(in: frame, shaper: shaper), Point(x, y))
        case .mask(let child, let mask):
            return .mask(try child.placed(in: frame, shaper: shaper), try mask.placed(in: frame, shaper: shaper))
        case .opacity(let child, let amount):
            return .opacity(try child.placed(in: frame, shaper: shaper), amount)
        }
    }

    /// A shaped line with its baseline's start at `origin`: its outlines filled with `color`, then its
    /// colour glyphs over them.
    private static func placed(_ line: ShapedLine, at origin: Point, color: Color, frame: Rect) -> PlacedNode {
        let outlines = PlacedNode.path(line.path.scaled(by: 1, translatedBy: origin), .color(color), frame: frame)
        guard !line.bitmaps.isEmpty else { return outlines }
        return .group([outlines] + line.bitmaps.map { .bitmap($0.scaled(by: 1, translatedBy: origin)) })
    }

    /// The width this view insists on in a stack, or nil when it takes what it is given.
    func fixedWidth(shaper: any TextShaper) throws -> Double? {
        switch self {
        case .empty: return 0
        case .text(let run): return try shaper.advance(of: run)
        case .lines(let runs): return try runs.map { try shaper.advance(of: $0) }.max() ?? 0
        case .artwork(_, let size, _): return size
        case .frame(let child, let width, _):
            return try width ?? child.fixedWidth(shaper: shaper)
        case .padding(let child, let amount):
            return try child.fixedWidth(shaper: shaper).map { $0 + 2 * amount }
        case .overlay(let child, _), .shadow(let child, _), .blur(let child, _), .offset(let child, _, _),
            .layoutOffset(let child, _, _), .mask(let child, _), .opacity(let child, _):
            return try child.fixedWidth(shaper: shaper)
        case .zStack(let children):
            let widths = try children.map { try $0.fixedWidth(shaper: shaper) }
            return widths.contains(nil) ? nil : widths.compactMap { $0 }.max() ?? 0
        case .hStack(let children, let spacing):
            let widths = try children.map { try $0.fixedWidth(shaper: shaper) }
            return widths.contains(nil) ? nil : widths.compactMap { $0 }.reduce(0, +) + Self.gaps(children, spacing)
        case .vStack(let children, _):
            let widths = try children.map { try $0.fixedWidth(shaper: shaper) }
            return widths.contains(nil) ? nil : widths.compactMap { $0 }.max() ?? 0
        case .fill, .stroke, .spacer: return nil
        }
    }

    /// The height this view insists on in a stack, or nil when it takes what it is given. A spacer
    /// in a row flexes the row's width only, so a row is as tall as its tallest fixed child.
    func fixedHeight(shaper: any TextShaper) throws -> Double? {
        switch self {
        case .empty: return 0
        case .text(let run): return try shaper.measure(run).lineHeight
        case .lines(let runs): return try runs.reduce(0) { try $0 + shaper.measure($1).lineHeight }
        case .artwork(_, let size, _): return size
        case .frame(let child, _, let height):
            return try height ?? child.fixedHeight(shaper: shaper)
        case .padding(let child, let amount):
            return try child.fixedHeight(shaper: shaper).map { $0 + 2 * amount }
        case .overlay(let child, _), .shadow(let child, _), .blur(let child, _), .offset(let child, _, _),
            .layoutOffset(let child, _, _), .mask(let child, _), .opacity(let child, _):
            return try child.fixedHeight(shaper: shaper)
        case .zStack(let children):
            let heights = try children.map { try $0.fixedHeight(shaper: shaper) }
            return heights.contains(nil) ? nil : heights.compactMap { $0 }.max() ?? 0
        case .hStack(let children, _):
            return try children.compactMap { try $0.fixedHeight(shaper: shaper) }.max()
        case .vStack(let children, let spacing):
            let heights = try children.map { try $0.fixedHeight(shaper: shaper) }
            return heights.contains(nil) ? nil : heights.compactMap { $0 }.reduce(0, +) + Self.gaps(children, spacing)
        case .fill, .stroke, .spacer: return nil
        }
    }

    /// The space `spacing` leaves between `children`.
    private static func gaps(_ children: [View], _ spacing: Double) -> Double {
        Double(max(children.count - 1, 0)) * spacing
    }

    /// Each child of a vertical stack with its row: fixed heights first, the rest shared equally.
    static func rows(for children: [View], spacing: Double, in frame: Rect, shaper: any TextShaper) throws -> [(View, Rect)] {
        let heights = try children.map { try $0.fixedHeight(shaper: shaper) }
        let fixedTotal = heights.compactMap { $0 }.reduce(0, +) + gaps(children, spacing)
        let flexibleCount = heights.filter { $0 == nil }.count
        let share = flexibleCount > 0 ? max(0, frame.height - fixedTotal) / Double(flexibleCount) : 0
        // A stack shorter than its frame with no flexible child is centred, as SwiftUI centres it.
        var y = flexibleCount > 0 ? frame.minY : frame.center.y - fixedTotal / 2
        return zip(children, heights).map { child, height in
            let h = height ?? share
            defer { y += h + spacing }
            return (child, Rect(x: frame.minX, y: y, width: frame.width, height: h))
        }
    }

    /// Each child of a horizontal stack with its column: fixed widths first, the rest shared equally.
    static func columns(
        for children: [View], spacing: Double, in frame: Rect, shaper: any TextShaper
    ) throws -> [(View, Rect)] {
        let widths = try children.map { try $0.fixedWidth(shaper: shaper) }
        let fixedTotal = widths.compactMap { $0 }.reduce(0, +) + gaps(children, spacing)
        let flexibleCount = widths.filter { $0 == nil }.count
        let share = flexibleCount > 0 ? max(0, frame.width - fixedTotal) / Double(flexibleCount) : 0
        // A stack narrower than its fixed children is centred and overflows evenly on both sides.
        var x = flexibleCount > 0 ? frame.minX : frame.center.x - fixedTotal / 2
        return zip(children, widths).map { child, width in
            let w = width ?? share
            defer { x += w + spacing }
            return (child, Rect(x: x, y: frame.minY, width: w, height: frame.height))
        }
    }
}
