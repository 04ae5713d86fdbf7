import Foundation
import ReliefLock
import Testing

struct LockedTests {
    struct Refused: Error {}
    final class Tracked: Sendable {}

    @Test func everyIncrementFromManyThreadsIsKept() {
        let total = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 {
                total.withLock { $0 += 1 }
            }
        }
        #expect(total.withLock { $0 } == 80_000)
    }

    @Test func withLockReturnsWhatItsBodyReturns() {
        let names = Locked(["a"])
        let count = names.withLock { names -> Int in
            names.append("b")
            return names.count
        }
        #expect(count == 2)
        #expect(names.withLock { $0 } == ["a", "b"])
    }

    @Test func anErrorThrownInsideReleasesTheLock() {
        let value = Locked(1)
        #expect(throws: Refused.self) {
            try value.withLock { (_: inout Int) throws(Refused) in throw Refused() }
        }
        #expect(value.withLock { $0 } == 1)
    }

    @Test func theValueIsReleasedWithTheLock() {
        weak var tracked: Tracked?
        do {
            let object = Tracked()
            tracked = object
            let holder = Locked(object)
            #expect(holder.withLock { $0 } === object)
        }
        #expect(tracked == nil)
    }
}
