/// The executor of a ``BusConnection``'s loop thread: an actor whose `unownedExecutor` is this
/// one's runs its jobs there, between the bus's messages, so its code may touch the connection
/// (emit signals, answer) and is never run beside the exported objects' handlers.
public final class BusLoopExecutor: SerialExecutor {
    private let queue: BusLoopQueue

    init(queue: BusLoopQueue) {
        self.queue = queue
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.add { [self] in job.runSynchronously(on: asUnownedSerialExecutor()) }
    }

    /// Lets `assumeIsolated` succeed in the loop's own callbacks (a handler, a vanish report),
    /// where no task runs but the thread is the executor's.
    public func checkIsolated() {
        precondition(queue.isLoopThread, "not on the bus connection's loop thread")
    }
}

