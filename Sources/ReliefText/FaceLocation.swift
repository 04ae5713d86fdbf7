/// Where a face is: its file and its index in that file.
struct FaceLocation: Sendable, Hashable {
    let path: String
    let index: Int
}
