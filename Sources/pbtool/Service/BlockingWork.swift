import DBus
import Foundation

/// Work that blocks for as long as it takes (a `--key-command`, connecting to the card), run on
/// a thread of its own: the bus loop goes on serving, and Swift's few cooperative threads,
/// which the flows need, are not held. The caller resumes on its own executor.
enum BlockingWork {
    nonisolated(nonsending) static func run<Value: Sendable>(_ work: @escaping @Sendable () throws(BusError) -> Value) async throws(BusError) -> Value {
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, BusError>, Never>) in
            Thread.detachNewThread {
                continuation.resume(returning: Result { () throws(BusError) in try work() })
            }
        }
        return try outcome.get()
    }
}
