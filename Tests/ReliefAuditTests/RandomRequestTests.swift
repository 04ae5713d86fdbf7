import ReliefRender
import ReliefSpec
import Testing
import ValidRequests

/// Random valid requests from the parameter table (Tests/ValidRequests), drawn and audited in this
/// process, so that a trap anywhere on the way stops the test run. The render fuzzer
/// (`Fuzz/fuzz-render`) explores the same space from its inputs, every request in every format;
/// this samples it the same way on every run, small enough for a debug build.
@Suite("Random valid requests")
struct RandomRequestTests {
    /// Requests made; one in ``auditedOneIn`` of those drawn is audited too (an audit draws up to 40 images).
    static let requests = 1000
    static let auditedOneIn = 20

    /// Images a few dozen pixels a side, each request in the format it asks for.
    static let check = PipelineCheck(maxPixels: 160 * 160, maxAnimationPixels: 64 * 64, formats: .asked)

    @Test func randomValidRequestsDrawAndAuditSanely() throws {
        var choices = SeededChoices(seed: 26)
        var drawn: [RenderSpec] = [], audited = 0, refused = 0, tooLarge = 0
        for index in 0..<Self.requests {
            let request = try #require(ValidRequest.make(&choices, sizes: .small), "request \(index) is refused")
            let audits = drawn.count % Self.auditedOneIn == 0
            switch Self.check.run(request, audits: audits) {
            case .checked(let problems):
                drawn.append(request.spec)
                audited += audits ? 1 : 0
                for problem in problems { Issue.record(Comment(rawValue: problem)) }
            case .refused(_, let problems):
                refused += 1
                for problem in problems { Issue.record(Comment(rawValue: problem)) }
            case .tooLarge:
                tooLarge += 1
            }
        }
        // Most requests are drawn, and between them every value of every choice parameter.
        #expect(drawn.count >= Self.requests * 7 / 10, "\(drawn.count) drawn, \(refused) refused, \(tooLarge) too large")
        #expect(audited >= Self.requests / Self.auditedOneIn * 7 / 10)
        let canonicalPairs = Set(drawn.flatMap { $0.canonicalQuery.split(separator: "&").map(String.init) })
        for parameter in RenderSpec.parameters {
            guard case .choice(let values) = parameter.schema else { continue }
            for value in values where !canonicalPairs.contains(parameter.name + "=" + value) {
                // A value left out of the canonical query at its default is drawn where the parameter applies.
                if parameter.isLeftOutAtDefault.isAlways, parameter.defaults.last?.value == value { continue }
                Issue.record("no request drew \(parameter.name)=\(value)")
            }
        }
    }
}
