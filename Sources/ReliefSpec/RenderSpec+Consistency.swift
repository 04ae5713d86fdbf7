extension RenderSpec {
    /// The image must stay within ``Limits/maxSide`` pixels a side and ``Limits/maxPixels`` in all.
    /// The error names `scale`, the one parameter that only multiplies the work.
    func checkCanvas() throws(SpecError) {
        let pixels = pixelSize
        guard !Limits.allow(pixels) else { return }
        let limits = "at most " + Limits.pixelBounds
        throw SpecError(
            parameter: "scale",
            allowed: "a scale that keeps the image " + limits,
            detail: "scale \(DecimalText.format(output.scale)) makes the image \(pixels.width)x\(pixels.height) pixels; "
                + "it must be " + limits
        )
    }

    /// The refusal of a spec whose text or icon grew the image to `pixels`, past the pixel limits
    /// (the renderer knows once text is shaped). It names what grew the frame: the component's own
    /// words (a switch's longer word), the label, or the text size an icon grows with.
    public func grownImageError(pixels: (width: Int, height: Int)) -> SpecError {
        let parameter: String, grown: String
        if let growing = component.options.growingParameter {
            (parameter, grown) = growing
        } else {
            let label = component.face?.label
            parameter = label == nil ? "textsize" : "label"
            grown =
                "the \(label == nil ? "icon" : "label")" + (look.textSize.map { " at textsize \($0.rawValue)" } ?? "") + " grows"
        }
        return SpecError(
            parameter: parameter,
            allowed: "a value whose frame keeps the image within " + Limits.pixelBounds,
            detail: "\(grown) the image to \(pixels.width)x\(pixels.height) pixels; use shorter words, a smaller "
                + "textsize, scale or margin, or a wider frame")
    }
}

extension RenderSpec {
    /// A well or card has no state to change: the query's `animate=true` is refused rather than
    /// ignored, as SPEC §8 asks, although `animate` does not otherwise apply to them.
    func checkAnimation(given: QueryValues) throws(SpecError) {
        guard given[Parameter.animate] == true, !component.kind.changesState else { return }
        let states = ComponentKind.allCases.filter(\.changesState).map(\.rawValue).joined(separator: ", ")
        throw SpecError(
            parameter: "animate",
            allowed: "true for a component with a state to change (\(states)); false for any component",
            detail: "animate=true animates a change of state, and a \(component.kind.rawValue) has none; "
                + "use a component with one (\(states)) or leave animate out")
    }
}

extension RenderSpec.Output {
    /// An animation is an animated PNG or WebP: a text format holds one still picture, and an AVIF is
    /// a still here (its animations, AV1 sequences, are not made), which `format` names.
    func checkAnimationFormat(given: QueryValues) throws(SpecError) {
        typealias Format = RenderSpec.Format
        guard given[RenderSpec.Parameter.animate] == true, !format.keys.animates else { return }
        let animating = Format.allCases.filter(\.keys.animates).map { "format=\($0.rawValue)" }.joined(separator: ", ")
        guard format.showsSimulation else {
            throw SpecError(
                parameter: "animate",
                allowed: "true with \(animating); false with any format",
                detail: "animate=true answers an animation, and format=\(format.rawValue) holds one still picture; "
                    + "leave animate out or ask for \(animating)")
        }
        throw SpecError(
            parameter: "format",
            allowed: "\(animating) with animate=true",
            detail: "format=\(format.rawValue) answers stills only, and animate=true asks for an animation; "
                + "ask for \(animating), or leave animate out for a still")
    }

    /// The refusal of an animation of `images` images of `pixels` each (its frames and the still
    /// shown without APNG support), past ``RenderSpec/Limits/maxAnimationPixels``: the renderer knows the
    /// count once the timeline is laid out. It names `fps`, which multiplies the frames.
    public func animationTooLargeError(images: Int, of pixels: (width: Int, height: Int)) -> SpecError {
        let limit = RenderSpec.Limits.maxAnimationPixels
        return SpecError(
            parameter: "fps",
            allowed: "a frame rate whose frames stay within \(limit) pixels in all",
            detail: "the animation takes \(images) images of \(pixels.width)x\(pixels.height) pixels, "
                + "\(images * pixels.width * pixels.height) pixels in all; an animation may take at most \(limit): "
                + "use a lower fps, scale or margin, a smaller frame, or no loop")
    }
}
