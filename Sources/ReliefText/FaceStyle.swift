/// A family in one weight: what picks a label's first-choice face.
struct FaceStyle: Sendable, Hashable {
    let family: FontFamily
    let weight: FontWeight
}
