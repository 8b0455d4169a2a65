import Foundation
import Spawning

/// Things that arrive on another thread (held replies, a call's outcome), awaited by the test.
public final class Arrivals<Item>: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [Item] = []

    public init() {}

    public func add(_ item: Item) {
        condition.withLock {
            items.append(item)
            condition.broadcast()
        }
    }

    /// The oldest item not yet taken, waiting up to `limit` for one; nil when none came.
    public func next(within limit: Duration) -> Item? {
        let deadline = Date(timeIntervalSinceNow: TestPatience.seconds(limit))
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty {
            if !condition.wait(until: deadline) { break }
        }
        return items.isEmpty ? nil : items.removeFirst()
    }

    /// How many arrived and are not taken yet.
    public var count: Int { condition.withLock { items.count } }
}

extension Arrivals {
    /// The outcome of `body`, run on a thread of its own (a blocking call the test must not
    /// wait for yet), arriving when `body` ends.
    public static func outcome<Value, Failure: Error>(of body: @escaping @Sendable () throws(Failure) -> Value) -> Arrivals
    where Item == Result<Value, Failure> {
        let arrivals = Arrivals()
        Thread.detachNewThread { arrivals.add(Result { () throws(Failure) in try body() }) }
        return arrivals
    }
}
