import DBus
import Foundation

/// Work that blocks for as long as it takes (a `--key-command`, connecting to the card), run on
/// a thread of its own: the bus loop goes on serving, and Swift's few cooperative threads,
/// which the flows need, are not held.
enum BlockingWork {
    static func run<Value: Sendable>(_ work: @escaping @Sendable () throws(BusError) -> Value) async throws(BusError) -> Value {
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, BusError>, Never>) in
            Thread.detachNewThread {
                continuation.resume(returning: Result { () throws(BusError) in try work() })
            }
        }
        return try outcome.get()
    }
}
