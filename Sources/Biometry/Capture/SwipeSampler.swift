import Fingerprint
import Sensors

/// The capture loop every flow shares: runs swipes on an open sensor and tells each one as
/// events (requested → capturing → frames → extraction → image → quality → completed →
/// instructions).
///
/// Waits for the finger in short slices so that a cancelled flow stops within
/// ``pollSlice`` even on a real sensor that would otherwise wait out the whole timeout.
struct SwipeSampler {
    /// An open sensor, used only on the flow's thread.
    let sensor: any FingerprintSensor
    /// Extraction and the templates it makes.
    let engine: RecognitionEngine
    /// The minimums a swipe must reach.
    let gates: SwipeGates
    /// How long to wait for a finger, and for the swipe to end.
    let timeout: Duration

    /// How often a wait for the finger stops to look for cancellation.
    static let pollSlice = Duration.milliseconds(200)

    /// One swipe; nil when no finger came within the timeout. A sensor unplugged during the
    /// swipe is waited for (up to the timeout) and, once back, asked for the same swipe again:
    /// what the flow has collected so far is kept.
    /// - Throws: ``FlowCancellation`` when cancelled, `SensorError` when the sensor fails.
    func sample(_ request: SwipeRequest, in context: FlowContext) throws -> SwipeSample? {
        var request = request
        request.scanKind = sensor.profile.kind
        while true {
            do {
                return try attempt(request, in: context)
            } catch let error as SensorError {
                guard case .unplugged = error, sensor.canReattach else { throw error }
                try reattach(after: error, context)
            }
        }
    }

    private func attempt(_ request: SwipeRequest, in context: FlowContext) throws -> SwipeSample? {
        context.emit(.swipeRequested(request))
        context.emit(.captureStatus(.capturing))
        do {
            let press = sensor.profile.kind == .press
            guard try !press || liftFromLastPress(context) else { return timedOut(context, finger: .present) }
            context.emit(.finger(.needed))
            guard try sliced(context, { try sensor.waitForFinger(until: $0) }) else { return timedOut(context) }
            context.emit(.finger(.present))
            let deadline = ContinuousClock.now + timeout
            let strips = try sensor.capture(until: deadline)
            let lastStrip = ContinuousClock.now
            context.emit(.framesArrived(count: strips.count))
            // A press image is whole once read: the lift is waited for before the next press.
            let lifted = press ? true : try sensor.waitForFingerOff(until: deadline)
            if !press { context.emit(.finger(lifted ? .none : .present)) }
            return process(strips, fingerRemoved: lifted, request: request, lastStripAt: lastStrip, context: context)
        } catch let error as SensorError {
            context.emit(.finger(.none))
            context.emit(.captureStatus(.aborted(error.description)))
            if case .unplugged = error { context.emit(.device(.sensorDetached(reason: error.description))) }
            throw error
        }
    }

    /// Nothing within the timeout: a finger never came, or (`.present`) never lifted.
    private func timedOut(_ context: FlowContext, finger: FingerPresence = .none) -> SwipeSample? {
        context.emit(.finger(finger))
        context.emit(.captureStatus(.timedOut))
        return nil
    }

    /// Before a press, a finger still resting from the last one must lift first, or the sensor
    /// would take the same placement again. True once it has; false at the timeout.
    private func liftFromLastPress(_ context: FlowContext) throws -> Bool {
        guard sensor.state == .awaitingFingerOff else { return true }
        context.emit(.instruction(.removeFinger))
        return try sliced(context) { slice in
            guard try sensor.waitForFingerOff(until: slice) else { throw SensorError.noFinger(waited: .zero) }
        }
    }

    /// Waits (in slices, so a cancel stops it) for the unplugged sensor to come back; rethrows
    /// the unplug when it does not within the timeout.
    private func reattach(after unplug: SensorError, _ context: FlowContext) throws {
        let deadline = ContinuousClock.now + timeout
        while true {
            if context.control.isCancelled {
                context.emit(.captureStatus(.cancelled))
                throw FlowCancellation()
            }
            do {
                try sensor.reattach(until: min(deadline, ContinuousClock.now + Self.pollSlice))
                break
            } catch SensorError.noSensor {
                if ContinuousClock.now >= deadline { throw unplug }
            } catch is SensorError {
                throw unplug
            }
        }
        context.emit(.device(.sensorAttached(name: sensor.profile.name)))
    }

    /// Runs `wait` in slices of ``pollSlice`` (so a cancel stops it) until it returns, up to
    /// the timeout; a slice that ends in `SensorError.noFinger` tries again. True when it
    /// returned in time.
    private func sliced(_ context: FlowContext, _ wait: (ContinuousClock.Instant) throws -> Void) throws -> Bool {
        let deadline = ContinuousClock.now + timeout
        while true {
            if context.control.isCancelled {
                context.emit(.captureStatus(.cancelled))
                throw FlowCancellation()
            }
            do {
                try wait(min(deadline, ContinuousClock.now + Self.pollSlice))
                return true
            } catch SensorError.noFinger {
                if ContinuousClock.now >= deadline { return false }
            }
        }
    }

    private func process(_ strips: SensorReadout, fingerRemoved: Bool, request: SwipeRequest,
                         lastStripAt: ContinuousClock.Instant, context: FlowContext) -> SwipeSample {
        let stitched = strips.stitched(by: sensor.profile.stitcher, fingerRemoved: fingerRemoved)
        context.emit(.processingStarted(.extraction))
        let features = stitched.image.map { engine.extract($0) }
        context.emit(.processingStopped(.extraction))
        if let image = stitched.image {
            context.emit(.image(SwipeImages(processed: image, raw: stitched.rawImage)))
        }
        let sample = SwipeSample(request: request, stitched: stitched, features: features, gates: gates,
                                 lastStripAt: lastStripAt)
        context.emit(.quality(sample.reading))
        context.emit(.captureStatus(.completed))
        for instruction in sample.instructions { context.emit(.instruction(instruction)) }
        return sample
    }
}

extension FingerprintSensor {
    /// Opens the sensor, tells the flow it is there, runs `body`, and always closes it again.
    func whileOpen<Result>(in context: FlowContext, _ body: () throws -> Result) throws -> Result {
        do {
            try open()
        } catch let error as SensorError {
            context.emit(.device(.sensorDetached(reason: error.description)))
            throw error
        }
        defer { close() }
        context.emit(.device(.sensorAttached(name: profile.name)))
        return try body()
    }
}
