import Testing

@testable import ReliefHTTPServer

/// Every event a connection can be told in every state it can be in, and what it answers: the table
/// a change to ``ConnectionStateMachine`` is checked against. The stories of whole connections are
/// in ``ConnectionStateMachineTests``.
@Suite("ConnectionStateMachine: every state × event")
struct ConnectionStateMachineTransitionTests {
    typealias Machine = ConnectionStateMachine

    /// A state, reached from a new connection by the events a connection would get.
    enum Start: String, CaseIterable, CustomTestStringConvertible {
        case new, idleAfterAResponse, unparsedInput, incompleteHead
        /// A head announcing a body of 5 bytes was read, and nothing behind it yet; `unexaminedBody`
        /// with input behind it.
        case bodyAnnounced, unexaminedBody
        case handingOver, awaitingHandler, pipelined, responseReady, sending, waitingForRoom, lingering, closed

        var testDescription: String { rawValue }

        /// A machine in this state, reached at 0 with the timeouts of ``ConnectionStateMachineTests/limits``
        /// (header 1 µs, keep-alive 2 µs, write 3 µs, lingering 0.5 µs); its one request (when it
        /// has one) is `GET /` with serial 1 and `cancellation`, read at 0 and, but when `handingOver`,
        /// handed to the handler; `pipelined` has input behind it. The states awaiting a body await
        /// ``ConnectionStateMachineTransitionTests/postHead``'s.
        func machine(cancellation: RequestCancellation) -> Machine {
            var machine = Machine(limits: ConnectionStateMachineTests.limits, now: 0)
            let head = RequestHead(
                request: HTTPRequest(method: "GET", target: "/", minorVersion: 1, headers: [], cancellation: cancellation),
                keepAlive: true)
            func readHead(keepAlive: Bool = true, inputRemains: Bool = false, handOver: Bool = true) {
                _ = machine.received(now: 0)
                var head = head
                head.keepAlive = keepAlive
                _ = machine.headParsed(head, inputRemains: inputRemains, now: 0)
                if handOver { _ = machine.handedOver(now: 0) }
            }
            switch self {
            case .new:
                break
            case .idleAfterAResponse:
                readHead()
                _ = machine.responseReady(ok, for: 1, now: 0)
                _ = machine.nextResponse(now: 0)
                _ = machine.sent(100, remaining: 0, now: 0)
            case .unparsedInput:
                _ = machine.received(now: 0)
            case .incompleteHead:
                _ = machine.received(now: 0)
                _ = machine.headIncomplete(now: 0)
            case .bodyAnnounced, .unexaminedBody:
                _ = machine.received(now: 0)
                _ = machine.bodyAnnounced(by: postHead, inputRemains: self == .unexaminedBody, now: 0)
            case .handingOver:
                readHead(handOver: false)
            case .awaitingHandler:
                readHead()
            case .pipelined:
                readHead(inputRemains: true)
            case .responseReady:
                readHead()
                _ = machine.responseReady(ok, for: 1, now: 0)
            case .sending:
                readHead()
                _ = machine.responseReady(ok, for: 1, now: 0)
                _ = machine.nextResponse(now: 0)
            case .waitingForRoom:
                readHead()
                _ = machine.responseReady(ok, for: 1, now: 0)
                _ = machine.nextResponse(now: 0)
                _ = machine.sent(10, remaining: 90, now: 0)
            case .lingering:
                readHead(keepAlive: false)
                _ = machine.responseReady(ok, for: 1, now: 0)
                _ = machine.nextResponse(now: 0)
                _ = machine.sent(100, remaining: 0, now: 0)
            case .closed:
                _ = machine.abort(.clientGone)
            }
            return machine
        }
    }

    /// What a connection can be told.
    enum Event: CustomTestStringConvertible {
        case received, peerClosed, headParsed, headIncomplete, headRejected, handedOver
        /// ``ConnectionStateMachineTransitionTests/postHead`` was parsed, nothing behind it, its client
        /// waiting for `100 Continue` or not.
        case bodyAnnounced(waitsForContinue: Bool)
        /// The body arrived whole (`12345`), nothing behind it; or not all of it.
        case bodyReceived, bodyIncomplete
        /// The client's FIN is reported, with `unread` bytes still in the kernel.
        case peerEndReported(unread: Int)
        /// The handler answers the connection's request (serial 1), or one it does not owe (serial 7).
        case answered, answeredUnowed
        case nextResponse
        case sentWhole, sentPart, writable
        /// A timer tick at `now`, the kernel holding nothing unacknowledged.
        case tick(UInt64)
        case drain, gracePeriodEnded, abort

        var testDescription: String {
            switch self {
            case let .tick(now): "tick(\(now))"
            case let .peerEndReported(unread): "peerEndReported(unread: \(unread))"
            case let .bodyAnnounced(waitsForContinue): "bodyAnnounced(waitsForContinue: \(waitsForContinue))"
            default: "\(self)"
            }
        }
    }

    /// What the event answered, and how the connection stands after it.
    enum Outcome: Equatable, CustomTestStringConvertible {
        /// `cancelled` when the request's cancellation is set afterwards.
        case action(Machine.Action, Machine.Standing, cancelled: Bool = false)
        /// ``ConnectionStateMachine/responseReady(_:for:now:)`` refused an answer nobody was owed.
        case dropped
        /// ``ConnectionStateMachine/nextResponse(now:)`` released a response of `status`.
        case released(status: Int, closes: Bool)
        case nothingReleased
        /// ``ConnectionStateMachine/headParsed(_:inputRemains:now:)`` gave this serial.
        case serial(UInt64)
        /// ``ConnectionStateMachine/bodyReceived(_:inputRemains:now:)`` gave this serial, and the
        /// request with this body.
        case delivered(serial: UInt64, body: String)

        var testDescription: String { "\(self)" }
    }

    struct Transition: Sendable, CustomTestStringConvertible {
        var start: Start
        var event: Event
        var outcome: Outcome

        var testDescription: String { "\(start.testDescription) + \(event.testDescription)" }
    }

    private static let ok = HTTPResponse(status: 200, body: Array("ok".utf8))
    /// `POST /` with a body of 5 bytes.
    static let postHead = RequestHead(
        request: HTTPRequest(method: "POST", target: "/", minorVersion: 1, headers: []), keepAlive: true, bodyLength: 5)
    private static let takeBody = Machine.Action.takeBody(byteCount: 5)
    private static let reading = Machine.Action.wait(readable: true, writable: false)
    private static let answering = Machine.Action.wait(readable: false, writable: false, watchesPeerEnd: true)
    /// Answering, with the client's end known or reported already.
    private static let answeringUnwatched = Machine.Action.wait(readable: false, writable: false)
    private static let waitingForRoom = Machine.Action.wait(readable: false, writable: true)
    private static let closeQuietly = Machine.Action.close(unanswered: nil)
    private static func unanswered(_ reason: DropLogEntry.Reason) -> Machine.Action {
        .close(
            unanswered: Machine.UnansweredRequest(
                request: PendingRequest(
                    method: "GET", target: "/", keepAlive: true, isHead: false, minorVersion: 1, receivedAt: 0),
                reason: reason))
    }

    /// Every pair that can occur. Events a connection cannot be told in a state are left out: a
    /// parse outcome without `.parse`, a body's without `.takeBody`, a send without `.write` or
    /// `.sendContinue`, writability without asking for it, input while a request is answered (the
    /// socket is not read then), and anything but the handler's answer while it is handed the
    /// request (nothing else runs meanwhile). A FIN is asked for only while the handler works, but
    /// may be reported in the wake-up whose doorbell brought the answer that moved the connection
    /// on, so every state after answering gets it too.
    static let transitions: [Transition] = {
        func rows(_ start: Start, _ pairs: [(Event, Outcome)]) -> [Transition] {
            pairs.map { Transition(start: start, event: $0.0, outcome: $0.1) }
        }
        return rows(
            .new,
            [
                (.received, .action(.parse, .incompleteHead)),
                (.peerClosed, .action(closeQuietly, .busy)),
                (.answeredUnowed, .dropped),
                (.tick(999), .action(reading, .idle)),
                (.tick(1_000), .action(closeQuietly, .busy)),
                (.drain, .action(closeQuietly, .busy)),
                (.gracePeriodEnded, .action(closeQuietly, .busy)),
                (.abort, .action(closeQuietly, .busy)),
            ])
            + rows(
                .idleAfterAResponse,
                [
                    (.received, .action(.parse, .incompleteHead)),
                    (.peerClosed, .action(closeQuietly, .busy)),
                    (.answered, .dropped),
                    (.peerEndReported(unread: 0), .action(reading, .idle)),
                    (.tick(1_999), .action(reading, .idle)),
                    (.tick(2_000), .action(closeQuietly, .busy)),
                    (.drain, .action(closeQuietly, .busy)),
                    (.gracePeriodEnded, .action(closeQuietly, .busy)),
                    (.abort, .action(closeQuietly, .busy)),
                ])
            + rows(
                .unparsedInput,
                [
                    (.received, .action(.parse, .incompleteHead)),
                    (.headParsed, .serial(1)),
                    (.bodyAnnounced(waitsForContinue: false), .action(reading, .incompleteHead)),
                    (.bodyAnnounced(waitsForContinue: true), .action(.sendContinue, .incompleteHead)),
                    (.headIncomplete, .action(reading, .incompleteHead)),
                    (.headRejected, .action(.write, .busy)),
                    // Bytes already received are still parsed: a whole request in them is answered.
                    (.peerClosed, .action(.parse, .incompleteHead)),
                    (.drain, .action(.parse, .incompleteHead)),
                    (.gracePeriodEnded, .action(.parse, .incompleteHead)),
                    (.abort, .action(closeQuietly, .busy)),
                ])
            + rows(
                .incompleteHead,
                [
                    (.received, .action(.parse, .incompleteHead)),
                    (.peerClosed, .action(closeQuietly, .busy)),
                    (.answeredUnowed, .dropped),
                    (.tick(999), .action(reading, .incompleteHead)),
                    (.tick(1_000), .action(.write, .busy)),
                    (.drain, .action(closeQuietly, .busy)),
                    (.gracePeriodEnded, .action(closeQuietly, .busy)),
                    (.abort, .action(closeQuietly, .busy)),
                ])
            + rows(
                .bodyAnnounced,
                [
                    (.received, .action(takeBody, .incompleteHead)),
                    // The body can never come whole: the client, which may still read, is told so.
                    (.peerClosed, .action(.write, .busy)),
                    (.answeredUnowed, .dropped),
                    (.peerEndReported(unread: 0), .action(reading, .incompleteHead)),
                    // `100 Continue` went, whole or in part (the rest goes out ahead of the response).
                    (.sentWhole, .action(reading, .incompleteHead)),
                    (.sentPart, .action(reading, .incompleteHead)),
                    // The head and its body share the header-read timeout, counted from the head's start.
                    (.tick(999), .action(reading, .incompleteHead)),
                    (.tick(1_000), .action(.write, .busy)),
                    (.drain, .action(closeQuietly, .busy)),
                    (.gracePeriodEnded, .action(closeQuietly, .busy)),
                    (.abort, .action(closeQuietly, .busy)),
                ])
            + rows(
                .unexaminedBody,
                [
                    (.received, .action(takeBody, .incompleteHead)),
                    (.bodyReceived, .delivered(serial: 1, body: "12345")),
                    (.bodyIncomplete, .action(reading, .incompleteHead)),
                    // Bytes already received are still looked at: a whole body in them is answered.
                    (.peerClosed, .action(takeBody, .incompleteHead)),
                    (.drain, .action(takeBody, .incompleteHead)),
                    (.gracePeriodEnded, .action(takeBody, .incompleteHead)),
                    (.abort, .action(closeQuietly, .busy)),
                ])
            + rows(
                .handingOver,
                [
                    // Answered from inside the call: what follows is the hand-over's to say.
                    (.answered, .action(.none, .busy)),
                    (.answeredUnowed, .dropped),
                    (.handedOver, .action(answering, .busy)),
                ])
            + rows(
                .awaitingHandler,
                [
                    (.peerClosed, .action(answeringUnwatched, .busy)),
                    (.peerEndReported(unread: 0), .action(answeringUnwatched, .busy, cancelled: true)),
                    (.peerEndReported(unread: 3), .action(answeringUnwatched, .busy)),
                    (.answered, .action(.write, .busy)),
                    (.answeredUnowed, .dropped),
                    (.tick(1_000_000), .action(answering, .busy)),
                    (.drain, .action(answering, .busy)),
                    (.gracePeriodEnded, .action(.write, .busy, cancelled: true)),
                    (.abort, .action(unanswered(.clientGone), .busy, cancelled: true)),
                ])
            + rows(
                .pipelined,
                [
                    (.peerClosed, .action(answeringUnwatched, .busy)),
                    (.peerEndReported(unread: 0), .action(answeringUnwatched, .busy)),
                    (.answered, .action(.write, .busy)),
                    (.tick(1_000_000), .action(answering, .busy)),
                    (.drain, .action(answering, .busy)),
                    (.gracePeriodEnded, .action(.write, .busy, cancelled: true)),
                    (.abort, .action(unanswered(.clientGone), .busy, cancelled: true)),
                ])
            + rows(
                .responseReady,
                [
                    (.peerClosed, .action(.write, .busy)),
                    (.answered, .dropped),
                    (.nextResponse, .released(status: 200, closes: false)),
                    (.peerEndReported(unread: 0), .action(.write, .busy)),
                    (.tick(1_000_000), .action(.write, .busy)),
                    (.drain, .action(.write, .busy)),
                    (.gracePeriodEnded, .action(.write, .busy)),
                    (.abort, .action(unanswered(.clientGone), .busy, cancelled: true)),
                ])
            + rows(
                .sending,
                [
                    (.peerClosed, .action(.write, .busy)),
                    (.answered, .dropped),
                    (.nextResponse, .nothingReleased),
                    (.sentWhole, .action(reading, .idle)),
                    (.sentPart, .action(waitingForRoom, .busy)),
                    (.peerEndReported(unread: 0), .action(.write, .busy)),
                    (.tick(2_999), .action(.write, .busy)),
                    (.tick(3_000), .action(unanswered(.writeTimeout), .busy, cancelled: true)),
                    (.drain, .action(.write, .busy)),
                    (.gracePeriodEnded, .action(.write, .busy)),
                    (.abort, .action(unanswered(.clientGone), .busy, cancelled: true)),
                ])
            + rows(
                .waitingForRoom,
                [
                    (.peerClosed, .action(waitingForRoom, .busy)),
                    (.answered, .dropped),
                    (.writable, .action(.write, .busy)),
                    (.peerEndReported(unread: 0), .action(waitingForRoom, .busy)),
                    (.tick(2_999), .action(waitingForRoom, .busy)),
                    (.tick(3_000), .action(unanswered(.writeTimeout), .busy, cancelled: true)),
                    (.drain, .action(waitingForRoom, .busy)),
                    (.gracePeriodEnded, .action(waitingForRoom, .busy)),
                    (.abort, .action(unanswered(.clientGone), .busy, cancelled: true)),
                ])
            + rows(
                .lingering,
                [
                    (.received, .action(reading, .busy)),
                    (.peerClosed, .action(closeQuietly, .busy)),
                    // Too late rather than twice: no error is logged for it.
                    (.answered, .action(reading, .busy)),
                    (.peerEndReported(unread: 0), .action(reading, .busy)),
                    (.tick(499), .action(reading, .busy)),
                    (.tick(500), .action(closeQuietly, .busy)),
                    (.drain, .action(reading, .busy)),
                    (.gracePeriodEnded, .action(reading, .busy)),
                    (.abort, .action(closeQuietly, .busy)),
                ])
            + rows(
                .closed,
                [
                    (.received, .action(.none, .busy)),
                    (.peerClosed, .action(.none, .busy)),
                    (.answered, .action(.none, .busy)),
                    (.peerEndReported(unread: 0), .action(.none, .busy)),
                    (.tick(1_000_000), .action(.none, .busy)),
                    (.drain, .action(.none, .busy)),
                    (.gracePeriodEnded, .action(.none, .busy)),
                    (.abort, .action(.none, .busy)),
                ])
    }()

    @Test(arguments: transitions)
    func transition(_ transition: Transition) {
        let cancellation = RequestCancellation()
        var machine = transition.start.machine(cancellation: cancellation)
        #expect(Self.apply(transition.event, to: &machine, cancellation: cancellation) == transition.outcome)
    }

    @Test func everyStateHasItsRowsAndNoPairIsListedTwice() {
        let listed = Self.transitions.map(\.testDescription)
        #expect(Set(listed).count == listed.count)
        #expect(Set(Self.transitions.map(\.start)) == Set(Start.allCases))
        // Abort, drain and the end of the grace period can reach a connection in any state it rests in.
        for start in Start.allCases where start != .handingOver {
            for event in [Event.abort, .drain, .gracePeriodEnded] {
                #expect(listed.contains("\(start.testDescription) + \(event.testDescription)"))
            }
        }
    }

    private static func apply(_ event: Event, to machine: inout Machine, cancellation: RequestCancellation) -> Outcome {
        let action: Machine.Action
        switch event {
        case .received: action = machine.received(now: 0)
        case .peerClosed: action = machine.peerClosed(now: 0)
        case .headParsed:
            let head = RequestHead(
                request: HTTPRequest(method: "GET", target: "/", minorVersion: 1, headers: []), keepAlive: true)
            return .serial(machine.headParsed(head, inputRemains: false, now: 0))
        case .headIncomplete: action = machine.headIncomplete(now: 0)
        case let .bodyAnnounced(waitsForContinue):
            var head = postHead
            head.waitsForContinue = waitsForContinue
            action = machine.bodyAnnounced(by: head, inputRemains: false, now: 0)
        case .bodyReceived:
            let (request, serial) = machine.bodyReceived(Array("12345".utf8), inputRemains: false, now: 0)
            return .delivered(serial: serial, body: String(decoding: request.body, as: UTF8.self))
        case .bodyIncomplete: action = machine.bodyIncomplete(now: 0)
        case .headRejected: action = machine.headRejected(.malformedRequestLine(), now: 0)
        case .handedOver: action = machine.handedOver(now: 0)
        case let .peerEndReported(unread): action = machine.peerEndReported(now: 0, unreadBytes: { unread })
        case .answered, .answeredUnowed:
            guard let next = machine.responseReady(ok, for: event == .answered ? 1 : 7, now: 0) else { return .dropped }
            action = next
        case .nextResponse:
            guard let released = machine.nextResponse(now: 0) else { return .nothingReleased }
            return .released(status: released.response.status, closes: released.closesConnection)
        case .sentWhole: action = machine.sent(90, remaining: 0, now: 0)
        case .sentPart: action = machine.sent(10, remaining: 80, now: 0)
        case .writable: action = machine.writable(now: 0)
        case let .tick(now): action = machine.timerFired(now: now, unacknowledgedBytes: { 0 })
        case .drain: action = machine.drain(now: 0)
        case .gracePeriodEnded: action = machine.gracePeriodEnded(now: 0)
        case .abort: action = machine.abort(.clientGone)
        }
        return .action(action, machine.standing, cancelled: cancellation.isCancelled)
    }
}

extension ConnectionStateMachineTransitionTests.Event: Equatable, Hashable {}
