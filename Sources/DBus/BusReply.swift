internal import CSystemdBus
import Foundation

/// The answer a method call is owed. An object may answer at once, inside ``BusObject/handle(_:reply:)``,
/// or keep the reply and answer later from any thread (a deferred reply): the loop serves other
/// calls meanwhile. The first answer counts; later ones are ignored. A reply dropped without an
/// answer answers `org.freedesktop.DBus.Error.Failed`, so no client waits for nothing.
public final class BusReply: @unchecked Sendable {
    private let connection: BusConnection
    // Set once, cleared on the loop thread when the answer is sent (the call's only owner then).
    private var call: BusMessageReference?
    private let lock = NSLock()
    private var answered = false

    init(to call: OpaquePointer, on connection: BusConnection) {
        self.connection = connection
        self.call = BusMessageReference(call)
    }

    deinit {
        guard let call else { return }
        // Unanswered: sd-bus objects are touched on the loop thread only.
        connection.perform { _ in
            call.send(BusError("org.freedesktop.DBus.Error.Failed", "the service dropped the call without an answer"))
            call.release()
        }
    }

    /// Answers with `values`.
    public func succeed(_ values: [BusValue] = []) {
        answer(.body { writer throws(BusFailure) in try writer.append(values) })
    }

    /// Answers with the error reply `error`.
    public func fail(_ error: BusError) {
        answer(.error(error))
    }

    /// Answers with `result`'s values or error.
    public func answer(_ result: Result<[BusValue], BusError>) {
        switch result {
        case .success(let values): succeed(values)
        case .failure(let error): fail(error)
        }
    }

    /// What a reply carries: a body to write, or an error.
    enum Outcome: Sendable {
        case body(@Sendable (BusMessageWriter) throws(BusFailure) -> Void)
        case error(BusError)
    }

    /// Sends `outcome` if nothing was answered yet. On the loop thread the reply goes out at
    /// once, before anything queued with ``BusConnection/perform(_:)``; from another thread, through it.
    func answer(_ outcome: Outcome) {
        let first = lock.withLock {
            defer { answered = true }
            return !answered
        }
        guard first else { return }
        if connection.isLoopThread {
            deliver(outcome)
        } else {
            connection.perform { [self] _ in deliver(outcome) }
        }
    }

    private func deliver(_ outcome: Outcome) {
        guard let call else { return }
        self.call = nil
        defer { call.release() }
        switch outcome {
        case .body(let write): call.send(write)
        case .error(let error): call.send(error)
        }
    }
}

/// One reference to an sd-bus message, owned by whoever holds this and released once, on the
/// loop thread.
struct BusMessageReference: @unchecked Sendable {
    let message: OpaquePointer

    init(_ message: OpaquePointer) {
        self.message = sd_bus_message_ref(message)
    }

    func release() {
        sd_bus_message_unref(message)
    }

    /// Sends the method return whose body `write` writes; a reply it cannot write becomes the
    /// error reply `Failed`. A call flagged "no reply expected" gets none (sd-bus refuses to build one).
    func send(_ write: (BusMessageWriter) throws(BusFailure) -> Void) {
        var reply: OpaquePointer?
        guard sd_bus_message_new_method_return(message, &reply) >= 0, let reply else { return }
        defer { sd_bus_message_unref(reply) }
        do throws(BusFailure) {
            try write(BusMessageWriter(message: reply))
        } catch {
            return send(BusError("org.freedesktop.DBus.Error.Failed", error.description))
        }
        sd_bus_send(nil, reply, nil)
    }

    /// Sends the error reply `error`.
    func send(_ error: BusError) {
        var busError = sd_bus_error(name: nil, message: nil, _need_free: 0)
        defer { sd_bus_error_free(&busError) }
        sd_bus_error_set(&busError, error.name, error.message)
        sd_bus_reply_method_error(message, &busError)
    }
}
