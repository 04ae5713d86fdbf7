import Foundation
import ReliefAudit
import ReliefImageFormats
import ReliefPNG
import ReliefRender
import ReliefSpec

/// Runs a valid request through the whole in-process pipeline — the scene, the PNG (or APNG) and
/// every text format through ``Renderer/file(for:effort:supervisor:)``, and ``AccessibilityAudit`` — and
/// says what was wrong with what came out. A trap stops the process, so the caller (the render
/// fuzzer, the property test) learns of it by failing; everything else is a problem in words.
public struct PipelineCheck: Sendable {
    /// What running one request came to.
    public enum Outcome: Sendable {
        /// Drawn in every format its query allows (and audited, where asked); `problems` is empty
        /// when every answer was sane.
        case checked(problems: [String])
        /// Refused while drawing, as the service refuses it with a `400`: text or an icon grew the
        /// image past the limits, or an animation's frames did. `problems` as for `.checked`.
        case refused(SpecError, problems: [String])
        /// Larger than this check draws (``maxPixels``, ``maxAnimationPixels``): not drawn.
        case tooLarge
    }

    public let renderer: Renderer
    /// The most pixels of a still image drawn; larger images are left out, to keep each request cheap.
    public var maxPixels: Int
    /// The most pixels of an animation's image drawn (each of its frames is one).
    public var maxAnimationPixels: Int
    /// Which formats a request is drawn in.
    public enum Formats: Sendable {
        /// Every format its query allows with its `format` replaced: the PNG or APNG and each text.
        case every
        /// The one its query asks for.
        case asked
    }

    /// Which formats a request is drawn in.
    public var formats: Formats

    public init(renderer: Renderer = Renderer(), maxPixels: Int, maxAnimationPixels: Int, formats: Formats = .every) {
        self.renderer = renderer
        self.maxPixels = maxPixels
        self.maxAnimationPixels = maxAnimationPixels
        self.formats = formats
    }

    /// The parameters a refusal while drawing may name: what grows the frame, and the frame rate
    /// that multiplies an animation's images.
    static let parametersRefusedWhileDrawing: Set<String> = ["label", "textsize", "onlabel", "offlabel", "fps"]

    /// Draws `request` in ``formats`` and, where `audits`, audits it; or says why not.
    public func run(_ request: ValidRequest, audits: Bool = true) -> Outcome {
        let spec = request.spec
        var problems: [String] = []
        func record(_ problem: String) {
            problems.append("\(request.query): \(problem)")
        }
        let pixels: (width: Int, height: Int)
        do {
            pixels = try renderer.servedScreen(of: spec).pixels
        } catch let error as SpecError {
            return .refused(error, problems: Self.problems(refusal: error).map { "\(request.query): \($0)" })
        } catch {
            record("laying out the scene threw \(error), which the service answers 500")
            return .checked(problems: problems)
        }
        let area = pixels.width * pixels.height
        guard area <= (spec.output.animation == nil ? maxPixels : maxAnimationPixels) else { return .tooLarge }

        for format in formats == .every ? RenderSpec.Format.allCases : [spec.output.format] {
            var asked = spec
            asked.output.format = format
            // The query of this format, where the parser takes it (animations and simulations are PNGs alone).
            guard let formatSpec = try? RenderSpec.parse(query: asked.canonicalQuery) else { continue }
            do {
                let file = try renderer.file(for: formatSpec)
                problems += Self.problems(of: file, pixels: pixels).map { "\(formatSpec.canonicalQuery): \($0)" }
            } catch let error as SpecError {
                // Once the scene fits, only an animation's frames can break a limit.
                if formatSpec.output.animation != nil, error.parameter == "fps" {
                    problems += Self.problems(refusal: error).map { "\(request.query): \($0)" }
                } else {
                    record("format \(format.rawValue) was refused while drawing: \(error)")
                }
            } catch {
                record("format \(format.rawValue) threw \(error), which the service answers 500")
            }
        }
        if audits {
            do {
                problems += Self.problems(of: try AccessibilityAudit(spec: spec, renderer: renderer), spec: spec)
                    .map { "\(request.query): audit: \($0)" }
            } catch {
                record("the audit threw \(error)")
            }
        }
        return .checked(problems: problems)
    }

    /// What is wrong with a refusal: it must name one of ``parametersRefusedWhileDrawing`` and say
    /// what is allowed and what was wrong.
    static func problems(refusal error: SpecError) -> [String] {
        var problems: [String] = []
        if !parametersRefusedWhileDrawing.contains(error.parameter) {
            problems.append("refused while drawing, naming \(error.parameter): \(error)")
        }
        if error.allowed.isEmpty || error.detail.isEmpty {
            problems.append("a refusal without content: \(error)")
        }
        return problems
    }

    /// What is wrong with a file: an image must decode to the image's size (an animated WebP, which
    /// the still decoder does not read, must be a WebP that says it is animated); text must be UTF-8
    /// of its format (JSON that parses, SVG and HTML that close their root element, CSS rules,
    /// SwiftUI code).
    static func problems(of file: RenderedFile, pixels: (width: Int, height: Int)) -> [String] {
        let decode: (([UInt8]) throws -> DecodedImage)? =
            switch file.format {
            case .png, .auto: { try PNGDecoder.decode($0) }
            case .webp: { try WebPDecoder.decode($0) }
            case .avif: { try AVIFDecoder.decode($0) }
            case .svg, .html, .css, .swiftui, .json: nil
            }
        if let decode {
            let bytes = file.bytes
            if file.format == .webp, bytes.count > 20, Array(bytes[8..<16]) == Array("WEBPVP8X".utf8), bytes[20] & 0x02 != 0 {
                return []
            }
            do {
                let image = try decode(bytes)
                guard image.width == pixels.width, image.height == pixels.height else {
                    return [
                        "the \(file.format) is \(image.width)x\(image.height), not the scene's \(pixels.width)x\(pixels.height)"
                    ]
                }
                return []
            } catch {
                return ["the \(file.format) does not decode: \(error)"]
            }
        }
        guard let text = String(validating: file.bytes, as: UTF8.self) else { return ["\(file.format) is not UTF-8"] }
        let marks: [String] =
            switch file.format {
            case .png, .webp, .avif, .auto: []
            case .svg: ["<svg", "</svg>"]
            case .html: ["<html", "</html>"]
            case .css: ["{", "}"]
            case .swiftui: ["import SwiftUI", "View"]
            case .json: []
            }
        var problems = marks.filter { !text.contains($0) }.map { "the \(file.format) lacks \($0)" }
        if file.format == .json, (try? JSONSerialization.jsonObject(with: Data(file.bytes))) == nil {
            problems.append("the JSON does not parse")
        }
        return problems
    }

    /// What is wrong with an audit of `spec`: every ratio lies between 1 and 21 and every check is
    /// there once; at `contrast=high` on the style's background, the control's edge has 3:1
    /// (SPEC §9), and the checks are those the component has.
    static func problems(of audit: AccessibilityAudit, spec: RenderSpec) -> [String] {
        var problems: [String] = []
        if audit.query != spec.canonicalQuery { problems.append("audits \(audit.query)") }
        // A scheme=auto audit holds each check once per appearance, and once per part it names.
        let ids = audit.checks.map(\.id)
        let pictureChecks = audit.checks.map { "\($0.appearance ?? "")/\($0.id.rawValue)/\($0.part ?? "")" }
        if Set(pictureChecks).count != ids.count { problems.append("a check is there twice: \(pictureChecks)") }
        for check in audit.checks {
            if let ratio = check.ratio, !(1...21.000_001).contains(ratio) {
                problems.append("\(check.id) measures \(ratio):1")
            }
        }
        if spec.component.kind.changesState != ids.contains(.stateContrast) {
            problems.append("the checks \(ids) do not match a \(spec.component.kind.rawValue)")
        }
        if edgeIsBroughtToThreeToOne(spec), let edge = audit.checks.first(where: { $0.id == .controlContrast }),
            !edge.pass
        {
            problems.append("contrast=high leaves the control's edge at \(edge.ratio ?? 0):1, short of 3:1")
        }
        return problems
    }

    /// Where SPEC §9 promises the edge 3:1: `contrast=high` with any `color`, `accent`, `intensity`
    /// and light, the tones searched for what they stand out from, over the style's own background
    /// and with its own shadows (a shadow without blur, or moved far, puts its hard edge where the
    /// audit reads the background), seen without a simulation, with a margin that holds what the
    /// audit reads beyond the edge.
    static func edgeIsBroughtToThreeToOne(_ spec: RenderSpec) -> Bool {
        spec.look.contrast == .high && spec.output.background == .style && spec.output.simulation == .none
            && spec.look.distance == spec.look.style.ownDistance && spec.look.blur == spec.look.style.ownBlur
            && spec.leastMargin >= AccessibilityAudit.outsideDepths.max() ?? 0
    }
}
