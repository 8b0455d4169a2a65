internal import CSystemdBus

extension BusConnection {
    /// Calls another program's `method` and returns its reply's values, or throws its error
    /// reply (sd-bus's `NoReply` after its 25 s timeout). From any thread: the call is sent from
    /// the loop thread, and the loop serves everything else while the reply is awaited. It runs
    /// on the caller's executor: an actor on ``executor`` sends and resumes without leaving the loop.
    public nonisolated(nonsending) func call(_ method: BusMethod, _ arguments: [BusValue]) async throws(BusError) -> [BusValue] {
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Result<[BusValue], BusError>, Never>) in
            let send: @Sendable (BusConnection) -> Void = { $0.send(method, arguments) { continuation.resume(returning: $0) } }
            if isLoopThread { send(self) } else { perform(send) }
        }
        return try outcome.get()
    }

    /// Sends the call and has `completion` called with its outcome, on the loop thread.
    private func send(_ method: BusMethod, _ arguments: [BusValue], _ completion: @escaping (Result<[BusValue], BusError>) -> Void) {
        let message: OpaquePointer
        do throws(BusError) {
            message = try SystemBus.methodCall(on: busHandle, method, arguments)
        } catch {
            return completion(.failure(error))
        }
        defer { sd_bus_message_unref(message) }
        let pending = Unmanaged.passRetained(PendingCall(completion))
        // A floating slot: sd-bus calls back exactly once, with the reply, an error or its timeout.
        let code = sd_bus_call_async(busHandle, nil, message, { reply, userdata, _ in
            guard let userdata else { return 0 }
            Unmanaged<PendingCall>.fromOpaque(userdata).takeRetainedValue().finish(reply)
            return 1
        }, pending.toOpaque(), 0)
        if code < 0 {
            pending.release()
            completion(.failure(BusError("org.freedesktop.DBus.Error.Failed", BusFailure(operation: "calling \(method.member)", code: code).description)))
        }
    }
}

/// A call's completion, kept by sd-bus until the reply comes.
private final class PendingCall {
    let completion: (Result<[BusValue], BusError>) -> Void

    init(_ completion: @escaping (Result<[BusValue], BusError>) -> Void) {
        self.completion = completion
    }

    func finish(_ reply: OpaquePointer?) {
        guard let reply else { return completion(.failure(BusError("org.freedesktop.DBus.Error.NoReply", "no reply"))) }
        if sd_bus_message_is_method_error(reply, nil) > 0, let error = sd_bus_message_get_error(reply) {
            return completion(.failure(BusError(error.pointee.name.map { String(cString: $0) } ?? "org.freedesktop.DBus.Error.Failed",
                                                error.pointee.message.map { String(cString: $0) } ?? "")))
        }
        do throws(BusError) {
            completion(.success(try BusMessageReader(message: reply).values()))
        } catch {
            completion(.failure(error))
        }
    }
}
