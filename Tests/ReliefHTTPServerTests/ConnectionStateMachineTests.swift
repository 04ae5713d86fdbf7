import Testing

@testable import ReliefHTTPServer

/// The connection's rules, driven by events and a hand-held clock: no socket, no real time.
@Suite("ConnectionStateMachine")
struct ConnectionStateMachineTests {
    typealias Machine = ConnectionStateMachine

    /// Timeouts in nanoseconds, far enough apart that a test can tell which one fired.
    static let limits = Machine.Limits(
        headerReadTimeout: 1_000, keepAliveIdleTimeout: 2_000,
        writeTimeout: 3_000, lingeringCloseTimeout: 500)
    private static let reading = Machine.Action.wait(readable: true, writable: false)
    /// A request is with the handler: neither read nor written, watched for the client's FIN.
    private static let answering = Machine.Action.wait(readable: false, writable: false, watchesPeerEnd: true)
    private static let closeQuietly = Machine.Action.close(unanswered: nil)

    private func makeMachine() -> Machine {
        Machine(limits: Self.limits, now: 0)
    }

    private func head(_ target: String, method: String = "GET", keepAlive: Bool = true) -> RequestHead {
        RequestHead(request: HTTPRequest(method: method, target: target, minorVersion: 1, headers: []), keepAlive: keepAlive)
    }

    private func ok(_ headers: HTTPHeaders = []) -> HTTPResponse {
        HTTPResponse(status: 200, headers: headers, body: Array("ok".utf8))
    }

    /// Reports `head` parsed and handed to a handler that did not answer at once; returns its serial.
    private func handOver(_ head: RequestHead, inputRemains: Bool, now: UInt64, to machine: inout Machine) -> UInt64 {
        let serial = machine.headParsed(head, inputRemains: inputRemains, now: now)
        #expect(machine.handedOver(now: now) == Self.answering)
        return serial
    }

    /// Reads `target` as one whole head at `now`; returns its serial.
    private func read(_ target: String, keepAlive: Bool = true, into machine: inout Machine, at now: UInt64) -> UInt64 {
        #expect(machine.received(now: now) == .parse)
        return handOver(head(target, keepAlive: keepAlive), inputRemains: false, now: now, to: &machine)
    }

    /// Releases the next response and reports it written whole; returns what was released and the next action.
    private func writeNext(_ machine: inout Machine, at now: UInt64) -> (
        response: Machine.OutgoingResponse?, next: Machine.Action
    ) {
        let response = machine.nextResponse(now: now)
        return (response, machine.sent(100, remaining: 0, now: now))
    }

    /// One request read, answered and written at `now`, leaving the connection idle.
    private func serveOneRequest(_ machine: inout Machine, at now: UInt64) {
        let serial = read("/", into: &machine, at: now)
        #expect(machine.responseReady(ok(), for: serial, now: now) == .write)
        #expect(writeNext(&machine, at: now).next == Self.reading)
    }

    private func unanswered(_ target: String, at receivedAt: UInt64, _ reason: DropLogEntry.Reason) -> Machine.Action {
        .close(
            unanswered: Machine.UnansweredRequest(
                request: PendingRequest(
                    method: "GET", target: target, keepAlive: true, isHead: false, minorVersion: 1, receivedAt: receivedAt),
                reason: reason))
    }

    // MARK: One request at a time

    @Test func aRequestIsParsedAnsweredAndWrittenThenTheConnectionReadsAgain() {
        var machine = makeMachine()
        #expect(machine.nextAction(now: 0) == Self.reading)
        #expect(machine.received(now: 10) == .parse)
        #expect(machine.headIncomplete(now: 10) == Self.reading)
        #expect(machine.received(now: 20) == .parse)
        let serial = handOver(head("/a"), inputRemains: false, now: 20, to: &machine)
        #expect(machine.nextAction(now: 20) == Self.answering)
        #expect(machine.responseReady(ok(), for: serial, now: 30) == .write)
        let released = machine.nextResponse(now: 30)
        #expect(released?.request.target == "/a")
        #expect(released?.closesConnection == false)
        #expect(machine.nextResponse(now: 30) == nil)
        #expect(machine.sent(100, remaining: 0, now: 30) == Self.reading)
    }

    @Test func pipelinedHeadsAreParsedOnlyOnceThePreviousResponseIsHandedOver() {
        var machine = makeMachine()
        #expect(machine.received(now: 0) == .parse)
        var targets: [String] = []
        for (index, target) in ["/a", "/b", "/c"].enumerated() {
            let serial = handOver(head(target), inputRemains: index < 2, now: 0, to: &machine)
            // The rest of the input waits, and the socket is not read, while this one is answered.
            #expect(machine.nextAction(now: 0) == Self.answering)
            #expect(machine.responseReady(ok(), for: serial, now: 1) == .write)
            targets.append(machine.nextResponse(now: 1)?.request.target ?? "none")
            #expect(machine.nextResponse(now: 1) == nil)
            #expect(machine.sent(100, remaining: 0, now: 1) == (index < 2 ? .parse : Self.reading))
        }
        #expect(targets == ["/a", "/b", "/c"])
    }

    @Test func aPartlySentResponseHoldsBackTheNextRequest() {
        var machine = makeMachine()
        #expect(machine.received(now: 0) == .parse)
        let serial = handOver(head("/big"), inputRemains: true, now: 0, to: &machine)
        _ = machine.responseReady(ok(), for: serial, now: 0)
        _ = machine.nextResponse(now: 0)
        #expect(machine.sent(1_000, remaining: 5_000, now: 0) == .wait(readable: false, writable: true))
        #expect(machine.writable(now: 1) == .write)
        #expect(machine.nextResponse(now: 1) == nil)
        #expect(machine.sent(3_000, remaining: 2_000, now: 1) == .wait(readable: false, writable: true))
        #expect(machine.writable(now: 2) == .write)
        #expect(machine.sent(2_000, remaining: 0, now: 2) == .parse)
    }

    @Test func theNextHeadIsTimedFromWhenItIsLookedAtNotFromWhenItArrived() {
        var machine = makeMachine()
        #expect(machine.received(now: 0) == .parse)
        let serial = handOver(head("/slow"), inputRemains: true, now: 0, to: &machine)
        // The handler takes five header timeouts; the pipelined head behind it is not late for that.
        _ = machine.responseReady(ok(), for: serial, now: 5_000)
        #expect(writeNext(&machine, at: 5_000).next == .parse)
        #expect(machine.headIncomplete(now: 5_000) == Self.reading)
        #expect(machine.timerFired(now: 5_999, unacknowledgedBytes: { 0 }) == Self.reading)
        #expect(machine.timerFired(now: 6_000, unacknowledgedBytes: { 0 }) == .write)
        #expect(machine.nextResponse(now: 6_000)?.response.status == 408)
    }

    @Test func aRefusedHeadIsAnsweredThenTheConnectionLingers() {
        var machine = makeMachine()
        #expect(machine.received(now: 0) == .parse)
        let serial = handOver(head("/a"), inputRemains: true, now: 0, to: &machine)
        _ = machine.responseReady(ok(), for: serial, now: 1)
        #expect(writeNext(&machine, at: 1).next == .parse)
        var rejection = RequestRejection.bodyTooLarge(limit: 10)
        rejection.target = "/upload"
        #expect(machine.headRejected(rejection, now: 1) == .write)
        let refusal = machine.nextResponse(now: 1)
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

    @Test func aHandlerAnsweringWhileItIsHandedTheRequestLeavesWhatFollowsToTheHandOver() {
        var machine = makeMachine()
        #expect(machine.received(now: 0) == .parse)
        let serial = machine.headParsed(head("/fast"), inputRemains: false, now: 0)
        #expect(machine.standing == .busy && machine.reading == .paused)
        // Answered from inside the handler's call: nothing is done from there, so nothing nests.
        #expect(machine.responseReady(ok(), for: serial, now: 0) == Machine.Action.none)
        #expect(machine.responseReady(ok(), for: serial, now: 0) == nil)
        #expect(machine.handedOver(now: 0) == .write)
        #expect(machine.nextResponse(now: 0)?.request.target == "/fast")
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

    @Test func aRequestThatAsksToCloseLingersAfterItsResponse() {
        var machine = makeMachine()
        let serial = read("/last", keepAlive: false, into: &machine, at: 0)
        #expect(machine.nextAction(now: 0) == Self.answering)
        #expect(machine.responseReady(ok(), for: serial, now: 0) == .write)
        let written = writeNext(&machine, at: 0)
        #expect(written.response?.closesConnection == true)
        #expect(written.next == .linger)
        #expect(machine.reading == .discarded)
        #expect(machine.nextAction(now: 0) == Self.reading)
    }

    @Test func aHandlerAskingToCloseEndsTheConnectionAndTheNextHeadIsNeverParsed() {
        var machine = makeMachine()
        #expect(machine.received(now: 0) == .parse)
        let serial = handOver(head("/close"), inputRemains: true, now: 0, to: &machine)
        #expect(machine.responseReady(ok([("Connection", "close")]), for: serial, now: 0) == .write)
        #expect(machine.nextResponse(now: 0)?.closesConnection == true)
        #expect(machine.sent(100, remaining: 0, now: 0) == .linger)
    }

    @Test func aHandlerSayingCloseAfterThisResponseIsObeyedWithoutAHeader() {
        var machine = makeMachine()
        #expect(machine.received(now: 0) == .parse)
        let serial = handOver(head("/last"), inputRemains: true, now: 0, to: &machine)
        var response = ok()
        response.closesConnection = true
        #expect(machine.responseReady(response, for: serial, now: 0) == .write)
        #expect(machine.nextResponse(now: 0)?.closesConnection == true)
        #expect(machine.sent(100, remaining: 0, now: 0) == .linger)
    }

    @Test func lingeringEndsWhenThePeerClosesOrAtTheLingeringTimeout() {
        var closedByPeer = makeMachine()
        let serial = read("/", keepAlive: false, into: &closedByPeer, at: 0)
        _ = closedByPeer.responseReady(ok(), for: serial, now: 0)
        #expect(writeNext(&closedByPeer, at: 100).next == .linger)
        var timedOut = closedByPeer
        #expect(closedByPeer.peerClosed(now: 200) == Self.closeQuietly)

        #expect(timedOut.timerFired(now: 599, unacknowledgedBytes: { 0 }) == Self.reading)
        #expect(timedOut.timerFired(now: 600, unacknowledgedBytes: { 0 }) == Self.closeQuietly)
    }

    @Test func peerHalfCloseAfterTheLastResponseCloses() {
        var machine = makeMachine()
        #expect(machine.received(now: 0) == .parse)
        let serial = handOver(head("/"), inputRemains: false, now: 0, to: &machine)
        // The client sent its request and shut its side: the answer still goes out, then the close.
        // Its FIN is known already, so it is not watched for.
        #expect(machine.peerClosed(now: 1) == .wait(readable: false, writable: false))
        #expect(machine.responseReady(ok(), for: serial, now: 2) == .write)
        #expect(writeNext(&machine, at: 2).next == Self.closeQuietly)
    }

    @Test func peerHalfCloseOnAnIdleConnectionClosesAtOnce() {
        var machine = makeMachine()
        serveOneRequest(&machine, at: 0)
        #expect(machine.peerClosed(now: 1) == Self.closeQuietly)
    }

    @Test func abortReportsTheRequestOwedAnAnswerOnceAndLateAnswersAreIgnored() {
        var machine = makeMachine()
        let serial = read("/", into: &machine, at: 7)
        #expect(machine.abort(.clientGone) == unanswered("/", at: 7, .clientGone))
        #expect(machine.abort(.clientGone) == Machine.Action.none)
        #expect(machine.responseReady(ok(), for: serial, now: 8) == Machine.Action.none)
        #expect(machine.timerFired(now: 1_000_000, unacknowledgedBytes: { 0 }) == Machine.Action.none)
    }

    @Test func aResponseCutOffHalfWrittenIsUnanswered() {
        var machine = makeMachine()
        let serial = read("/", into: &machine, at: 0)
        _ = machine.responseReady(ok(), for: serial, now: 0)
        _ = machine.nextResponse(now: 0)
        _ = machine.sent(10, remaining: 90, now: 0)
        #expect(machine.abort(.clientGone) == unanswered("/", at: 0, .clientGone))
    }

    @Test func abortOfAConnectionOwingNothingReportsNothing() {
        var machine = makeMachine()
        serveOneRequest(&machine, at: 0)
        #expect(machine.abort(.clientGone) == Self.closeQuietly)
    }

    // MARK: Cancelling

    /// `head` with its cancellation, parsed and handed over with `inputRemains`.
    private func handOverCancellable(inputRemains: Bool, to machine: inout Machine) -> (UInt64, RequestCancellation) {
        let cancellation = RequestCancellation()
        #expect(machine.received(now: 0) == .parse)
        let request = HTTPRequest(method: "GET", target: "/", minorVersion: 1, headers: [], cancellation: cancellation)
        return (
            handOver(RequestHead(request: request, keepAlive: true), inputRemains: inputRemains, now: 0, to: &machine),
            cancellation
        )
    }

    @Test func aFINWithNothingLeftUnreadCancelsTheRequestAndIsWatchedForOnce() {
        var machine = makeMachine()
        let (serial, cancellation) = handOverCancellable(inputRemains: false, to: &machine)
        #expect(machine.peerEndReported(now: 1, unreadBytes: { 0 }) == .wait(readable: false, writable: false))
        #expect(cancellation.isCancelled)
        // The answer still goes out; the connection reads again, to find the end or what came before it.
        #expect(machine.responseReady(ok(), for: serial, now: 2) == .write)
        #expect(writeNext(&machine, at: 2).next == Self.reading)
    }

    @Test(arguments: [(inputRemains: true, unread: 0), (inputRemains: false, unread: 40)])
    func aFINBehindMoreRequestsCancelsNothing(inputRemains: Bool, unread: Int) {
        var machine = makeMachine()
        let (_, cancellation) = handOverCancellable(inputRemains: inputRemains, to: &machine)
        var asked = 0
        func unreadBytes() -> Int? {
            asked += 1
            return unread
        }
        #expect(machine.peerEndReported(now: 1, unreadBytes: unreadBytes) == .wait(readable: false, writable: false))
        #expect(!cancellation.isCancelled)
        // Input still buffered answers the question without asking the kernel.
        #expect(asked == (inputRemains ? 0 : 1))
    }

    @Test func closingWithTheAnswerOwedCancelsTheRequestAndAnsweringNeverDoes() {
        var aborted = makeMachine()
        let (_, abortedCancellation) = handOverCancellable(inputRemains: false, to: &aborted)
        _ = aborted.abort(.clientGone)
        #expect(abortedCancellation.isCancelled)

        var answered = makeMachine()
        let (serial, answeredCancellation) = handOverCancellable(inputRemains: false, to: &answered)
        _ = answered.responseReady(ok(), for: serial, now: 1)
        _ = writeNext(&answered, at: 1)
        _ = answered.timerFired(now: 1_000_000, unacknowledgedBytes: { 0 })
        #expect(!answeredCancellation.isCancelled)
    }

    @Test func theEndOfTheGracePeriodCancelsTheRequestStillWithTheHandler() {
        var machine = makeMachine()
        let (_, cancellation) = handOverCancellable(inputRemains: false, to: &machine)
        _ = machine.drain(now: 1)
        #expect(!cancellation.isCancelled)
        _ = machine.gracePeriodEnded(now: 2)
        #expect(cancellation.isCancelled)
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
        #expect(machine.timerFired(now: 1_000, unacknowledgedBytes: { 0 }) == Self.closeQuietly)
    }

    @Test func theIdleKeepAliveTimeoutFiresOnlyAfterTheLimit() {
        var machine = makeMachine()
        serveOneRequest(&machine, at: 500)
        #expect(machine.timerFired(now: 2_499, unacknowledgedBytes: { 0 }) == Self.reading)
        #expect(machine.timerFired(now: 2_500, unacknowledgedBytes: { 0 }) == Self.closeQuietly)
    }

    @Test func theHandlersTimeIsNotLimited() {
        var machine = makeMachine()
        _ = read("/slow", into: &machine, at: 0)
        #expect(machine.timerFired(now: 1_000_000, unacknowledgedBytes: { 0 }) == Self.answering)
    }

    @Test func aWriteStallClosesAndReportsTheResponseUnanswered() {
        var machine = makeMachine()
        let serial = read("/big", into: &machine, at: 0)
        _ = machine.responseReady(ok(), for: serial, now: 0)
        _ = machine.nextResponse(now: 0)
        #expect(machine.sent(1_000, remaining: 5_000, now: 100) == .wait(readable: false, writable: true))
        #expect(machine.timerFired(now: 3_099, unacknowledgedBytes: { 0 }) == .wait(readable: false, writable: true))
        #expect(machine.timerFired(now: 3_100, unacknowledgedBytes: { 0 }) == unanswered("/big", at: 0, .writeTimeout))
    }

    @Test func idleTimeStartsOnlyOnceTheKernelHasDeliveredTheResponse() {
        var machine = makeMachine()
        serveOneRequest(&machine, at: 0)
        // The client takes the kernel's bytes slowly: writing, not idle, well past the idle timeout.
        for (tick, backlog) in [(1_000, 9_000), (2_500, 6_000), (4_000, 3_000)] {
            #expect(machine.timerFired(now: UInt64(tick), unacknowledgedBytes: { backlog }) == Self.reading)
        }
        #expect(machine.timerFired(now: 5_999, unacknowledgedBytes: { 0 }) == Self.reading)
        #expect(machine.timerFired(now: 6_000, unacknowledgedBytes: { 0 }) == Self.closeQuietly)
    }

    @Test func aClientThatStopsTakingTheKernelsBytesIsClosedAfterTheWriteTimeout() {
        var machine = makeMachine()
        serveOneRequest(&machine, at: 0)
        #expect(machine.timerFired(now: 1_000, unacknowledgedBytes: { 4_000 }) == Self.reading)
        #expect(machine.timerFired(now: 3_999, unacknowledgedBytes: { 4_000 }) == Self.reading)
        // The response was handed to the kernel whole, and logged: nothing is unanswered.
        #expect(machine.timerFired(now: 4_000, unacknowledgedBytes: { 4_000 }) == Self.closeQuietly)
    }

    // MARK: Draining

    @Test func drainingClosesAnIdleConnectionAtOnce() {
        var machine = makeMachine()
        serveOneRequest(&machine, at: 0)
        #expect(machine.drain(now: 1) == Self.closeQuietly)
    }

    @Test func drainingClosesAHalfReceivedHeadAtOnce() {
        var machine = makeMachine()
        #expect(machine.received(now: 0) == .parse)
        #expect(machine.headIncomplete(now: 0) == Self.reading)
        #expect(machine.drain(now: 1) == Self.closeQuietly)
    }

    @Test func drainingLetsTheRequestInFlightFinishWithConnectionClose() {
        var machine = makeMachine()
        let serial = read("/busy", into: &machine, at: 0)
        #expect(machine.drain(now: 1) == Self.answering)
        #expect(machine.responseReady(ok(), for: serial, now: 2) == .write)
        let written = writeNext(&machine, at: 2)
        #expect(written.response?.closesConnection == true)
        #expect(written.next == .linger)
    }

    @Test func theEndOfTheGracePeriodAnswers503AndIgnoresTheHandlersLateAnswer() {
        var machine = makeMachine()
        let serial = read("/held", into: &machine, at: 0)
        #expect(machine.drain(now: 1) == Self.answering)
        #expect(machine.gracePeriodEnded(now: 2) == .write)
        let released = machine.nextResponse(now: 2)
        #expect(released?.response.status == 503)
        #expect(released?.response.headers.contains { $0.name == "Retry-After" } == true)
        #expect(released?.closesConnection == true)
        // Not an answer given twice: the handler's answer simply came too late.
        #expect(machine.responseReady(ok(), for: serial, now: 3) != nil)
        #expect(machine.sent(100, remaining: 0, now: 3) == .linger)
    }

    @Test func theEndOfTheGracePeriodLetsAResponseBeingWrittenGoOn() {
        var machine = makeMachine()
        let serial = read("/big", into: &machine, at: 0)
        _ = machine.responseReady(ok(), for: serial, now: 0)
        _ = machine.nextResponse(now: 0)
        _ = machine.drain(now: 1)
        #expect(machine.sent(10, remaining: 90, now: 1) == .wait(readable: false, writable: true))
        #expect(machine.gracePeriodEnded(now: 2) == .wait(readable: false, writable: true))
        #expect(machine.nextResponse(now: 2) == nil)
        #expect(machine.abort(.shutdown) == unanswered("/big", at: 0, .shutdown))
    }

    @Test func aHeadBufferedBeforeTheDrainIsAnsweredWithConnectionCloseAndNothingAfterIt() {
        var machine = makeMachine()
        #expect(machine.received(now: 0) == .parse)
        // Shutdown begins before the parser looked at the bytes: what was asked is still answered.
        #expect(machine.drain(now: 1) == .parse)
        let serial = handOver(head("/buffered"), inputRemains: true, now: 1, to: &machine)
        #expect(machine.responseReady(ok(), for: serial, now: 2) == .write)
        let written = writeNext(&machine, at: 2)
        #expect(written.response?.request.keepAlive == false)
        #expect(written.response?.closesConnection == true)
        // The pipelined head behind it is never parsed.
        #expect(written.next == .linger)
    }

    @Test func aDrainArrivingWhileAKeepAliveResponseIsWrittenClosesOnceItIsOut() {
        var machine = makeMachine()
        let serial = read("/a", into: &machine, at: 0)
        _ = machine.responseReady(ok(), for: serial, now: 0)
        // Released before the shutdown, so the response itself says nothing of closing.
        #expect(machine.nextResponse(now: 0)?.closesConnection == false)
        #expect(machine.sent(10, remaining: 90, now: 0) == .wait(readable: false, writable: true))
        #expect(machine.drain(now: 1) == .wait(readable: false, writable: true))
        #expect(machine.writable(now: 2) == .write)
        // Delivered whole, the connection waits for no next request.
        #expect(machine.sent(90, remaining: 0, now: 2) == Self.closeQuietly)
    }

    @Test func aDrainDuringAnAnnouncedBodyAnswersTheBodyAlreadyBuffered() {
        var machine = makeMachine()
        #expect(machine.received(now: 0) == .parse)
        let post = RequestHead(
            request: HTTPRequest(method: "POST", target: "/upload", minorVersion: 1, headers: []), keepAlive: true,
            bodyLength: 4)
        #expect(machine.bodyAnnounced(by: post, inputRemains: true, now: 0) == .takeBody(byteCount: 4))
        #expect(machine.drain(now: 1) == .takeBody(byteCount: 4))
        let (request, serial) = machine.bodyReceived(Array("body".utf8), inputRemains: false, now: 1)
        #expect(request.body == Array("body".utf8))
        #expect(machine.handedOver(now: 1) == Self.answering)
        #expect(machine.responseReady(ok(), for: serial, now: 2) == .write)
        let written = writeNext(&machine, at: 2)
        #expect(written.response?.closesConnection == true)
        #expect(written.next == .linger)
    }

    @Test func drainingTwiceIsDrainingOnce() {
        var machine = makeMachine()
        let serial = read("/a", into: &machine, at: 0)
        #expect(machine.drain(now: 1) == Self.answering)
        #expect(machine.drain(now: 2) == Self.answering)
        #expect(machine.responseReady(ok(), for: serial, now: 3) == .write)
        #expect(writeNext(&machine, at: 3).next == .linger)
        #expect(machine.drain(now: 4) == Self.reading)
        #expect(machine.peerClosed(now: 5) == Self.closeQuietly)
        #expect(machine.drain(now: 6) == .none)
    }

    // MARK: Standing, for eviction

    @Test func standingFollowsWhatTheConnectionIsGiving() {
        var machine = makeMachine()
        #expect(machine.standing == .idle)
        #expect(machine.received(now: 1) == .parse)
        #expect(machine.headIncomplete(now: 1) == Self.reading)
        #expect(machine.standing == .incompleteHead)
        let serial = handOver(head("/"), inputRemains: false, now: 2, to: &machine)
        #expect(machine.standing == .busy)
        _ = machine.responseReady(ok(), for: serial, now: 3)
        _ = machine.nextResponse(now: 3)
        #expect(machine.standing == .busy)
        _ = machine.sent(100, remaining: 0, now: 3)
        #expect(machine.standing == .idle)
        _ = read("/last", keepAlive: false, into: &machine, at: 4)
        _ = machine.responseReady(ok(), for: 2, now: 4)
        #expect(writeNext(&machine, at: 4).next == .linger)
        #expect(machine.standing == .busy)
    }
}
