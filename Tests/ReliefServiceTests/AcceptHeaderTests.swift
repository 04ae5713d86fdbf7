import Testing

@testable import ReliefService

@Suite("Accept ranking")
struct AcceptHeaderTests {
    @Test(arguments: [
        "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8",  // Chrome and Edge <img>
        "image/avif,image/webp,image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.5",  // Firefox <img>
        "image/webp,image/avif,image/jxl,image/heic,image/heic-sequence,video/*;q=0.8,image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.5",
        "image/png",
        "image/*",
        "image/*, */*",
        "IMAGE/PNG; q=1, application/json; q=0.9",
    ])
    func imagesFirst(accept: String) {
        #expect(AcceptHeader(accept).prefersImageToJSON)
    }

    @Test(arguments: [
        "*/*",  // curl
        "application/json",
        "application/problem+json, image/png;q=0.5",
        "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8",  // navigation
        "*/*, image/*",
        "image/png;q=0, */*",
        "image/*;q=0.5, application/*",
        "",
        "garbage",
    ])
    func jsonFirst(accept: String) {
        #expect(!AcceptHeader(accept).prefersImageToJSON)
    }

    @Test func noAcceptFieldMeansJSON() {
        #expect(!AcceptHeader(nil).prefersImageToJSON)
    }

    @Test func theMostSpecificRangeDecides() {
        let accept = AcceptHeader("image/*;q=0.3, image/png;q=0.9, */*;q=0.1")
        #expect(accept.preference(for: "image/png") == .init(quality: 0.9, position: 1))
        #expect(accept.preference(for: "image/gif") == .init(quality: 0.3, position: 0))
        #expect(accept.preference(for: "text/plain") == .init(quality: 0.1, position: 2))
    }
}
