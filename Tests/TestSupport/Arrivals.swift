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
