/// The groups the playground shows the parameters in, in order.
public enum ParameterGroup: String, Sendable, CaseIterable {
    case subject, motion, frame, content, look, access, image

    /// The group's heading.
    public var legend: String {
        switch self {
        case .subject: "Component and state"
        case .motion: "Animation"
        case .frame: "Frame"
        case .content: "Icon and label"
        case .look: "Colour and light"
        case .access: "Accessibility"
        case .image: "Image"
        }
    }
}
