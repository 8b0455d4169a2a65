/// The executor of a ``BusConnection``'s loop thread: an actor whose `unownedExecutor` is this
/// one's runs its jobs there, between the bus's messages, so its code may touch the connection
/// (emit signals, answer) and is never run beside the exported objects' handlers.
public final class BusLoopExecutor: SerialExecutor, @unchecked Sendable {
    // The connection keeps its executor for as long as it lives, and lives as long as its loop.
    private unowned let connection: BusConnection

    init(connection: BusConnection) {
        self.connection = connection
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        connection.perform { [self] _ in job.runSynchronously(on: asUnownedSerialExecutor()) }
    }

    /// Lets `assumeIsolated` succeed in the loop's own callbacks (a handler, a vanish report),
    /// where no task runs but the thread is the executor's.
    public func checkIsolated() {
        precondition(connection.isLoopThread, "not on the bus connection's loop thread")
    }
}

