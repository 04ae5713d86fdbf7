extension RenderSpec {
    /// A switch's knob frame is (height + knob) × height inside a track `width` wide, and the knob
    /// is inset by `padding` inside it: both must leave the knob room.
    func checkSwitchProportions() throws(SpecError) {
        guard component == .switch else { return }
        let number = DecimalText.format
        if height + knob > width {
            throw SpecError(
                parameter: "knob",
                allowed: "a number from \(number(Limits.knob.lowerBound)) to \(number(Limits.knob.upperBound)), "
                    + "at most width - height",
                detail: "knob must be at most width - height (\(number(width)) - \(number(height)) = "
                    + "\(number(width - height))) for the knob to fit the switch; got \"\(number(knob))\""
            )
        }
        if 2 * padding >= height {
            throw SpecError(
                parameter: "padding",
                allowed: "a number from \(number(Limits.padding.lowerBound)) to \(number(Limits.padding.upperBound)), "
                    + "less than half the height",
                detail: "padding must be less than half the height (\(number(height)) / 2 = \(number(height / 2))) "
                    + "for the knob to keep some height; got \"\(number(padding))\""
            )
        }
    }

    /// The image must stay within ``Limits/maxSide`` pixels a side and ``Limits/maxPixels`` in all.
    /// The error names `scale`, the one parameter that only multiplies the work.
    func checkCanvas() throws(SpecError) {
        let pixels = pixelSize
        guard !Limits.allow(pixels) else { return }
        let limits = "at most " + Limits.pixelBounds
        throw SpecError(
            parameter: "scale",
            allowed: "a scale that keeps the image " + limits,
            detail: "scale \(DecimalText.format(scale)) makes the image \(pixels.width)x\(pixels.height) pixels; "
                + "it must be " + limits
        )
    }

    /// The refusal of a spec whose text or icon grew the image to `pixels`, past the pixel limits
    /// (the renderer knows once text is shaped). It names what grew the frame: the switch's longer
    /// word, the label, or the text size an icon grows with.
    public func grownImageError(pixels: (width: Int, height: Int)) -> SpecError {
        let parameter = component == .switch
            ? (onLabel.graphemeClusterCount >= offLabel.graphemeClusterCount ? "onlabel" : "offlabel")
            : label == nil ? "textsize" : "label"
        let grown = component == .switch ? "the switch's words grow" : "the \(label == nil ? "icon" : "label") at "
            + "textsize \(textSize.rawValue) grows"
        return SpecError(
            parameter: parameter,
            allowed: "a value whose frame keeps the image within " + Limits.pixelBounds,
            detail: "\(grown) the image to \(pixels.width)x\(pixels.height) pixels; use shorter words, a smaller "
                + "textsize, scale or margin, or a wider frame")
    }
}
