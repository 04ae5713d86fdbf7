// libFuzzer target for ReliefSpec's RenderSpec.parse(query:), through its public API only
// (`make fuzz`, docs/RELIABILITY.md).
import ReliefSpec

/// One input; a broken invariant stops the process, which libFuzzer records as a crash.
func fuzzQuery(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let query = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let spec: RenderSpec
    do {
        spec = try RenderSpec.parse(query: query)
    } catch {
        // An error says what is accepted and what was wrong (its parameter is the name as written,
        // which may be empty, as in `=x`).
        precondition(!error.allowed.isEmpty && !error.detail.isEmpty, "an error without content: \(error)")
        return 0
    }
    // The canonical query is a query the parser accepts, for the same spec, and is its own canonical form.
    let canonical = spec.canonicalQuery
    let reparsed: RenderSpec
    do {
        reparsed = try RenderSpec.parse(query: canonical)
    } catch {
        preconditionFailure("the canonical query \(canonical) of \(query) is refused: \(error)")
    }
    precondition(reparsed == spec, "\(canonical) parses to another spec than \(query)")
    precondition(reparsed.canonicalQuery == canonical, "the canonical query of \(canonical) is not itself")
    return 0
}
