import Foundation

/// Blocks the calling thread for `duration` (drivers are synchronous): the settling times some
/// sensors need between a command and its reply.
func pause(for duration: Duration) {
    guard duration > .zero else { return }
    let (seconds, attoseconds) = duration.components
    Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
}
