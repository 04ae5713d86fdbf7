import Testing
@testable import ReliefHTTPServer

/// The connection's rules, driven by events and a hand-held clock: no socket, no real time.
@Suite("ConnectionStateMachine")
struct ConnectionStateMachineTests {
    typealias Machine = ConnectionStateMachine

    /// Timeouts in nanoseconds, far enough apart that a test can tell which one fired.
    private static let limits = Machine.Limits(maxPipelinedRequests: 4, headerReadTimeout: 1_000, keepAliveIdleTimeout: 2_000,
                                               writeTimeout: 3_000, lingeringCloseTimeout: 500)
    private static let reading = Machine.Action.wait(readable: true, writable: false)

    private func makeMachine(maxPipelinedRequests: Int = 4) -> Machine {
        var limits = Self.limits
        limits.maxPipelinedRequests = maxPipelinedRequests
        return Machine(limits: limits, now: 0)
    }

    private func head(_ target: String, method: String = "GET", keepAlive: Bool = true) -> RequestHead {
        RequestHead(request: HTTPRequest(method: method, target: target, minorVersion: 1, headers: []), keepAlive: keepAlive)
    }

    private func ok(_ headers: [(name: String, value: String)] = []) -> HTTPResponse {
        HTTPResponse(status: 200, headers: headers, body: Array("ok".utf8))
    }

    /// Reads `target` as one whole head at `now`; returns its serial.
    private func read(_ target: String, keepAlive: Bool = true, into machine: inout Machine, at now: UInt64) -> UInt64 {
        #expect(machine.received(now: now) == .parse)
        return machine.headParsed(head(target, keepAlive: keepAlive), inputRemains: false, now: now)
    }

    /// Releases the next response and reports it written whole; returns what was released and the next action.
    private func writeNext(_ machine: inout Machine, at now: UInt64) -> (response: Machine.OutgoingResponse?, next: Machine.Action) {
        let response = machine.nextResponse(now: now)
        return (response, machine.sent(100, remaining: 0, now: now))
    }

    /// One request read, answered and written at `now`, leaving the connection idle.
    private func serveOneRequest(_ machine: inout Machine, at now: UInt64) {
        let serial = read("/", into: &machine, at: now)
        #expect(machine.responseReady(ok(), for: serial, now: now) == .write)
        #expect(writeNext(&machine, at: now).next == Self.reading)
    }

    // MARK: Reading and answering

    @Test func aRequestIsParsedAnsweredAndWrittenThenTheConnectionReadsAgain() {
        var machine = makeMachine()
        #expect(machine.nextAction(now: 0) == Self.reading)
        #expect(machine.received(now: 10) == .parse)
        #expect(machine.headIncomplete(now: 10) == Self.reading)
        #expect(machine.received(now: 20) == .parse)
        let serial = machine.headParsed(head("/a"), inputRemains: false, now: 20)
        #expect(serial == 0)
        #expect(machine.nextAction(now: 20) == Self.reading)
        #expect(machine.responseReady(ok(), for: serial, now: 30) == .write)
        let released = machine.nextResponse(now: 30)
        #expect(released?.request.target == "/a")
        #expect(released?.closesConnection == false)
        #expect(machine.nextResponse(now: 30) == nil)
        #expect(machine.sent(100, remaining: 0, now: 30) == Self.reading)
    }

    @Test func pipelinedResponsesLeaveInRequestOrderWhateverOrderTheyAreReadyIn() {
        var machine = makeMachine()
        #expect(machine.received(now: 0) == .parse)
        let serials = ["/a", "/b", "/c"].enumerated().map { index, target in
            machine.headParsed(head(target), inputRemains: index < 2, now: 0)
        }
        #expect(serials == [0, 1, 2])
        #expect(machine.responseReady(ok(), for: 2, now: 1) == Self.reading)
        #expect(machine.responseReady(ok(), for: 1, now: 2) == Self.reading)
        #expect(machine.responseReady(ok(), for: 0, now: 3) == .write)
        let targets = (0..<4).map { _ in machine.nextResponse(now: 3)?.request.target }
        #expect(targets == ["/a", "/b", "/c", nil])
    }

    @Test func thePipeliningLimitStopsReadingUntilAResponseIsQueued() {
        var machine = makeMachine(maxPipelinedRequests: 2)
        #expect(machine.received(now: 0) == .parse)
        _ = machine.headParsed(head("/a"), inputRemains: true, now: 0)
        #expect(machine.nextAction(now: 0) == .parse)
        _ = machine.headParsed(head("/b"), inputRemains: true, now: 0)
        // Two outstanding: the third head stays in the buffer and the socket is not read.
        #expect(machine.nextAction(now: 0) == .wait(readable: false, writable: false))
        #expect(machine.responseReady(ok(), for: 0, now: 1) == .write)
        #expect(machine.nextResponse(now: 1)?.request.target == "/a")
        #expect(machine.sent(100, remaining: 0, now: 1) == .parse)
    }

    @Test func aRefusedHeadIsAnsweredAfterTheResponsesOwedThenTheConnectionLingers() {
        var machine = makeMachine()
        #expect(machine.received(now: 0) == .parse)
        let serial = machine.headParsed(head("/a"), inputRemains: true, now: 0)
        #expect(machine.nextAction(now: 0) == .parse)
        var rejection = RequestRejection.bodyNotAccepted()
        rejection.target = "/upload"
        #expect(machine.headRejected(rejection, now: 0) == .wait(readable: false, writable: false))
        #expect(machine.responseReady(ok(), for: serial, now: 1) == .write)
        let first = machine.nextResponse(now: 1)
        let refusal = machine.nextResponse(now: 1)
        #expect(first?.response.status == 200 && first?.closesConnection == false)
        #expect(refusal?.response.status == 413 && refusal?.request.target == "/upload" && refusal?.closesConnection == true)
        #expect(machine.sent(500, remaining: 0, now: 1) == .linger)
    }

    @Test func aHandlerAnsweringTwiceIsReportedAndTheSecondAnswerDropped() {
        var machine = makeMachine()
        let serial = read("/a", into: &machine, at: 0)
        #expect(machine.responseReady(ok(), for: serial, now: 0) == .write)
        #expect(machine.responseReady(ok(), for: serial, now: 0) == nil)
        _ = machine.nextResponse(now: 0)
        #expect(machine.responseReady(ok(), for: serial, now: 0) == nil)
    }

    @Test func aResponseThatCouldSplitTheStreamIsReplacedBy500() {
        var machine = makeMachine()
        let serial = read("/inject", into: &machine, at: 0)
        _ = machine.responseReady(ok([("X-Note", "a\r\nSet-Cookie: b")]), for: serial, now: 0)
        let released = machine.nextResponse(now: 0)
        #expect(released?.response.status == 500)
        #expect(released?.replacedBecause?.contains("X-Note") == true)
        #expect(released?.closesConnection == false)
    }

    // MARK: Closing

    @Test func aRequestThatAsksToCloseStopsReadingAndLingersAfterItsResponse() {
        var machine = makeMachine()
        let serial = read("/last", keepAlive: false, into: &machine, at: 0)
        #expect(machine.nextAction(now: 0) == .wait(readable: false, writable: false))
        #expect(machine.responseReady(ok(), for: serial, now: 0) == .write)
        let written = writeNext(&machine, at: 0)
        #expect(written.response?.closesConnection == true)
        #expect(written.next == .linger)
        #expect(machine.isLingering)
        #expect(machine.nextAction(now: 0) == Self.reading)
    }

    @Test func aHandlerAskingToCloseEndsTheConnectionAndLaterRequestsAreDropped() {
        var machine = makeMachine()
        #expect(machine.received(now: 0) == .parse)
        _ = machine.headParsed(head("/close"), inputRemains: true, now: 0)
        _ = machine.headParsed(head("/later"), inputRemains: false, now: 0)
        #expect(machine.responseReady(ok([("Connection", "close")]), for: 0, now: 0) == .write)
        #expect(machine.responseReady(ok(), for: 1, now: 0) == .write)
        #expect(machine.nextResponse(now: 0)?.closesConnection == true)
        #expect(machine.nextResponse(now: 0) == nil)
        #expect(machine.sent(100, remaining: 0, now: 0) == .linger)
    }

    @Test func lingeringEndsWhenThePeerClosesOrAtTheLingeringTimeout() {
        var closedByPeer = makeMachine()
        _ = read("/", keepAlive: false, into: &closedByPeer, at: 0)
        _ = closedByPeer.responseReady(ok(), for: 0, now: 0)
        #expect(writeNext(&closedByPeer, at: 100).next == .linger)
        var timedOut = closedByPeer
        #expect(closedByPeer.peerClosed(now: 200) == .close)

        #expect(timedOut.timerFired(now: 599, unacknowledgedBytes: { 0 }) == Self.reading)
        #expect(timedOut.timerFired(now: 600, unacknowledgedBytes: { 0 }) == .close)
    }

    @Test func peerHalfCloseAfterTheLastResponseCloses() {
        var machine = makeMachine()
        let serial = read("/", into: &machine, at: 0)
        // The client sent its request and shut its side: the answer still goes out, then the close.
        #expect(machine.peerClosed(now: 1) == .wait(readable: false, writable: false))
        #expect(machine.responseReady(ok(), for: serial, now: 2) == .write)
        #expect(writeNext(&machine, at: 2).next == .close)
    }

    @Test func peerHalfCloseOnAnIdleConnectionClosesAtOnce() {
        var machine = makeMachine()
        serveOneRequest(&machine, at: 0)
        #expect(machine.peerClosed(now: 1) == .close)
    }

    @Test func abortClosesOnceAndLateAnswersAreIgnored() {
        var machine = makeMachine()
        let serial = read("/", into: &machine, at: 0)
        #expect(machine.abort() == .close)
        #expect(machine.abort() == Machine.Action.none)
        #expect(machine.responseReady(ok(), for: serial, now: 1) == Machine.Action.none)
        #expect(machine.timerFired(now: 1_000_000, unacknowledgedBytes: { 0 }) == Machine.Action.none)
    }

    // MARK: Timeouts

    @Test func aHalfReceivedHeadIsAnswered408AtTheHeaderTimeout() {
        var machine = makeMachine()
        #expect(machine.received(now: 100) == .parse)
        #expect(machine.headIncomplete(now: 100) == Self.reading)
        #expect(machine.received(now: 900) == .parse)
        #expect(machine.headIncomplete(now: 900) == Self.reading)
        // Timed from the head's first byte, not its latest.
        #expect(machine.timerFired(now: 1_099, unacknowledgedBytes: { 0 }) == Self.reading)
        #expect(machine.timerFired(now: 1_100, unacknowledgedBytes: { 0 }) == .write)
        let released = machine.nextResponse(now: 1_100)
        #expect(released?.response.status == 408)
        #expect(released?.closesConnection == true)
        let message = String(decoding: released?.response.body ?? [], as: UTF8.self)
        #expect(message.hasPrefix("Request head not received completely"))
        #expect(machine.sent(100, remaining: 0, now: 1_100) == .linger)
    }

    @Test func aSilentNewConnectionClosesAtTheHeaderTimeout() {
        var machine = makeMachine()
        #expect(machine.timerFired(now: 999, unacknowledgedBytes: { 0 }) == Self.reading)
        #expect(machine.timerFired(now: 1_000, unacknowledgedBytes: { 0 }) == .close)
    }

    @Test func theIdleKeepAliveTimeoutFiresOnlyAfterTheLimit() {
        var machine = makeMachine()
        serveOneRequest(&machine, at: 500)
        #expect(machine.timerFired(now: 2_499, unacknowledgedBytes: { 0 }) == Self.reading)
        #expect(machine.timerFired(now: 2_500, unacknowledgedBytes: { 0 }) == .close)
    }

    @Test func theHandlersTimeIsNotLimited() {
        var machine = makeMachine()
        _ = read("/slow", into: &machine, at: 0)
        #expect(machine.timerFired(now: 1_000_000, unacknowledgedBytes: { 0 }) == Self.reading)
    }

    @Test func aWriteStallCloses() {
        var machine = makeMachine()
        let serial = read("/big", into: &machine, at: 0)
        _ = machine.responseReady(ok(), for: serial, now: 0)
        _ = machine.nextResponse(now: 0)
        #expect(machine.sent(1_000, remaining: 5_000, now: 100) == .wait(readable: true, writable: true))
        #expect(machine.timerFired(now: 3_099, unacknowledgedBytes: { 0 }) == .wait(readable: true, writable: true))
        #expect(machine.timerFired(now: 3_100, unacknowledgedBytes: { 0 }) == .close)
    }

    @Test func aFullSocketIsWrittenAgainOnceItHasRoom() {
        var machine = makeMachine()
        let serial = read("/big", into: &machine, at: 0)
        _ = machine.responseReady(ok(), for: serial, now: 0)
        _ = machine.nextResponse(now: 0)
        #expect(machine.sent(0, remaining: 5_000, now: 0) == .wait(readable: true, writable: true))
        #expect(machine.writable(now: 10) == .write)
        #expect(machine.sent(5_000, remaining: 0, now: 10) == Self.reading)
    }

    @Test func idleTimeStartsOnlyOnceTheKernelHasDeliveredTheResponse() {
        var machine = makeMachine()
        serveOneRequest(&machine, at: 0)
        // The client takes the kernel's bytes slowly: writing, not idle, well past the idle timeout.
        for (tick, backlog) in [(1_000, 9_000), (2_500, 6_000), (4_000, 3_000)] {
            #expect(machine.timerFired(now: UInt64(tick), unacknowledgedBytes: { backlog }) == Self.reading)
        }
        #expect(machine.timerFired(now: 5_999, unacknowledgedBytes: { 0 }) == Self.reading)
        #expect(machine.timerFired(now: 6_000, unacknowledgedBytes: { 0 }) == .close)
    }

    @Test func aClientThatStopsTakingTheKernelsBytesIsClosedAfterTheWriteTimeout() {
        var machine = makeMachine()
        serveOneRequest(&machine, at: 0)
        #expect(machine.timerFired(now: 1_000, unacknowledgedBytes: { 4_000 }) == Self.reading)
        #expect(machine.timerFired(now: 3_999, unacknowledgedBytes: { 4_000 }) == Self.reading)
        #expect(machine.timerFired(now: 4_000, unacknowledgedBytes: { 4_000 }) == .close)
    }

    // MARK: Draining

    @Test func drainingClosesAnIdleConnectionAtOnce() {
        var machine = makeMachine()
        serveOneRequest(&machine, at: 0)
        #expect(machine.drain(now: 1) == .close)
    }

    @Test func drainingLetsTheRequestInFlightFinishWithConnectionClose() {
        var machine = makeMachine()
        let serial = read("/busy", into: &machine, at: 0)
        #expect(machine.drain(now: 1) == Self.reading)
        #expect(machine.responseReady(ok(), for: serial, now: 2) == .write)
        let written = writeNext(&machine, at: 2)
        #expect(written.response?.closesConnection == true)
        #expect(written.next == .linger)
    }

    @Test func drainingServesAHeadAlreadyStartedAsTheLastRequest() {
        var machine = makeMachine()
        #expect(machine.received(now: 0) == .parse)
        #expect(machine.headIncomplete(now: 0) == Self.reading)
        #expect(machine.drain(now: 1) == Self.reading)
        #expect(machine.received(now: 2) == .parse)
        _ = machine.headParsed(head("/late"), inputRemains: false, now: 2)
        #expect(machine.nextAction(now: 2) == .wait(readable: false, writable: false))
    }
}
