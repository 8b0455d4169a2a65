import Dispatch
import Foundation

/// Work spread over the machine's cores with `DispatchQueue.concurrentPerform`, in contiguous
/// chunks so each chunk keeps its own buffers.
package enum ParallelMap {
    /// Workers to use: one per active core.
    package static var workers: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// `transform` applied to every element, results in input order; the first error wins.
    package static func map<Element: Sendable, Result: Sendable>(
        _ elements: [Element], _ transform: @Sendable (Element) throws -> Result) throws -> [Result] {
        let chunks = chunked(elements.count)
        let results = ResultSlots<[Result]>(count: chunks.count)
        DispatchQueue.concurrentPerform(iterations: chunks.count) { index in
            results.set(index, Swift.Result { try chunks[index].map { try transform(elements[$0]) } })
        }
        return try results.values().flatMap { try $0.get() }
    }

    /// Scores for `count` items, computed chunk by chunk by `score` (one call per chunk).
    static func chunkedScores(_ count: Int, _ score: @Sendable (Range<Int>) -> [Double]) -> [Double] {
        let chunks = chunked(count)
        let results = ResultSlots<[Double]>(count: chunks.count)
        DispatchQueue.concurrentPerform(iterations: chunks.count) { index in
            results.set(index, .success(score(chunks[index])))
        }
        return results.values().flatMap { (try? $0.get()) ?? [] }
    }

    /// Four chunks per worker: a core that another process holds for a while then delays a
    /// quarter of its share, not all of it (this VM shares its two cores).
    private static func chunked(_ count: Int) -> [Range<Int>] {
        guard count > 0 else { return [] }
        let pieces = workers * 4
        let size = (count + pieces - 1) / pieces
        return stride(from: 0, to: count, by: size).map { $0..<min(count, $0 + size) }
    }
}

/// One slot per worker; each worker writes only its own.
private final class ResultSlots<Value: Sendable>: @unchecked Sendable {
    private var slots: [Result<Value, any Error>?]
    private let lock = NSLock()

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ value: Result<Value, any Error>) {
        lock.withLock { slots[index] = value }
    }

    func values() -> [Result<Value, any Error>] {
        lock.withLock { slots.compactMap { $0 } }
    }
}
