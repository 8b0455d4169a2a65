import Fingerprint

extension AES2501Sensor {
    /// Polls until the nibble sum of a finger-detect reply exceeds the threshold (phase B).
    ///
    /// libfprint polls back to back; so does this (one poll is about 1.3 ms of USB traffic).
    public func waitForFinger(until deadline: ContinuousClock.Instant) throws {
        let interpreter = try openInterpreter()
        state = .awaitingFingerOn
        let start = ContinuousClock.now
        while true {
            let reply = try interpreter.run(AES2501Steps.fingerPoll, phase: "finger detection").last ?? []
            if AES2501Reply.fingerNibbleSum(reply) > parameters.fingerNibbleSum { break }
            if ContinuousClock.now >= deadline {
                state = .idle
                throw SensorError.noFinger(waited: ContinuousClock.now - start)
            }
        }
        state = .capturing
    }

    /// Runs the capture setup, then reads strips until 3 empty ones in a row (phases C and D).
    ///
    /// ADREFHI starts at 0x58 and follows the chip's histogram sum after every strip, empty
    /// ones included; empty strips are not kept. Nothing is sent after the last empty strip.
    public func capture(until deadline: ContinuousClock.Instant) throws -> SensorReadout {
        let interpreter = try openInterpreter()
        try interpreter.run(AES2501Steps.captureSetup, phase: "capture setup")
        var adReference = parameters.adReferenceStart
        var emptyRun = 0
        var frames: [SwipeFrame] = []
        while emptyRun < parameters.emptyStripsToStop && frames.count < parameters.maximumFrames {
            let reply = try interpreter.run(AES2501Steps.strip(adReferenceHigh: adReference), phase: "strip capture").last ?? []
            let strip: AES2501Strip
            switch AES2501Strip.decode(reply) {
            case .success(let decoded): strip = decoded
            case .failure(let problem):
                throw SensorError.unexpectedReply(phase: "strip capture", step: 2,
                                                  transfers: interpreter.transferCount, detail: problem.detail)
            }
            let sum = strip.histogramSum
            adReference = nextADReference(adReference, histogramSum: sum)
            if sum == 0 {
                emptyRun += 1
            } else {
                frames.append(strip.frame)
                emptyRun = 0
            }
        }
        let lifted = emptyRun >= parameters.emptyStripsToStop
        fingerRemoved = lifted
        state = .awaitingFingerOff
        return .frames(frames, fingerRemoved: lifted)
    }

    /// The 3 empty strips that ended the capture show the finger has gone; no traffic.
    public func waitForFingerOff(until deadline: ContinuousClock.Instant) throws -> Bool {
        state = .idle
        return fingerRemoved
    }

    /// Gain control (§2.3 D): below the low sum one step down, above the high sum one step up,
    /// clamped to the ADREFHI range.
    func nextADReference(_ current: UInt8, histogramSum sum: Int) -> UInt8 {
        let range = parameters.adReferenceRange, step = parameters.adReferenceStep
        if sum < parameters.gainLowSum {
            return current >= range.lowerBound &+ step ? current - step : range.lowerBound
        }
        if sum > parameters.gainHighSum {
            return current <= range.upperBound &- step ? current + step : range.upperBound
        }
        return current
    }
}
