import ReliefLock
import Testing

@Test(arguments: [0, 1, 2, 7])
func sideBySideKeepsTheResultsInOrder(count: Int) {
    #expect(SideBySide.map(count) { $0 * $0 } == (0..<count).map { $0 * $0 })
}

@Test func sideBySideRunsEveryPieceOnce() {
    let runs = Locked([Int: Int]())
    _ = SideBySide.map(16) { index in runs.withLock { $0[index, default: 0] += 1 } }
    #expect(runs.withLock { $0 } == Dictionary(uniqueKeysWithValues: (0..<16).map { ($0, 1) }))
}
