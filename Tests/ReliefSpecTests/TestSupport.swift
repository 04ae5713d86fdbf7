@testable import ReliefSpec

/// The error `query` is refused with, or `nil` if it parses.
func specError(_ query: String) -> SpecError? {
    do {
        _ = try RenderSpec.parse(query: query)
        return nil
    } catch {
        return error
    }
}
