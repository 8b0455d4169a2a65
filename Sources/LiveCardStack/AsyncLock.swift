import Foundation
import Spawning

/// A first-come-first-served lock for async code.
actor AsyncLock {
    private var isHeld = false
    private var waiters: [(id: UUID, continuation: CheckedContinuation<Void, any Error>)] = []

    func acquire(timeout: Duration) async throws {
        guard isHeld else {
            isHeld = true
            return
        }
        let id = UUID()
        let timer = Task { [weak self] in
            try await Task.sleep(for: timeout)
            await self?.expire(id, after: timeout)
        }
        defer { timer.cancel() }
        try await withCheckedThrowingContinuation { waiters.append((id, $0)) }
    }

    func release() {
        if waiters.isEmpty {
            isHeld = false
        } else {
            waiters.removeFirst().continuation.resume()
        }
    }

    private func expire(_ id: UUID, after timeout: Duration) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(throwing: LiveStackError("waited more than \(timeout) for the live stack"))
    }
}
