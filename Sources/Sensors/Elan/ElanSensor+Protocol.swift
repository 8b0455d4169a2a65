import Fingerprint

extension ElanSensor {
    /// The frame geometry from the sensor-size reply (height, _, width, _), the sizes made even
    /// when the sensor reports them as last indices.
    func frameGeometry(_ reply: [UInt8]) throws -> ElanFrame {
        guard reply.count == 4, reply[0] > 0, reply[2] > 0 else {
            throw SensorError.unexpectedReply(phase: "initialisation", step: 4, transfers: transferCount,
                                              detail: "a sensor-size reply \(hexPreview(reply))")
        }
        var width = Int(reply[2]), rawHeight = Int(reply[0])
        if width % 2 == 1 && rawHeight % 2 == 1 {
            width += 1
            rawHeight += 1
        }
        return ElanFrame(width: width, rawHeight: rawHeight, height: min(rawHeight, parameters.frameHeight))
    }

    /// One frame, cropped and with the background subtracted.
    func readFrame() throws -> [UInt16] {
        let raw = try link.steps().run(ElanCommands.frame(bytes: geometry.byteCount), phase: "frame read").last ?? []
        guard let frame = ElanFrame.subtract(background, from: geometry.pixels(raw)) else {
            throw SensorError.unexpectedReply(phase: "frame read", step: 2, transfers: transferCount,
                                              detail: "a frame darker than the background (finger down during calibration?)")
        }
        return frame
    }

    /// One finger query; a timeout or an empty reply is no finger.
    func fingerIsDown(timeout: Duration) throws -> Bool {
        let steps = try link.steps()
        do {
            try steps.run(ElanCommands.fingerQuery[0], phase: "finger detection", index: 1)
            let reply = try steps.run(ElanCommands.fingerQuery[1], phase: "finger detection", index: 2, timeout: timeout)
            return reply?.first == ElanCommands.fingerPresent
        } catch SensorError.stoppedAnswering {
            return false
        }
    }

    /// Takes the background; while it differs from the sensor's mean by more than the
    /// tolerance, runs the sensor's calibration (status 0x01 then 0x03) and takes it again.
    func calibrate() throws {
        let steps = try link.steps()
        var queriesLeft = parameters.calibrationQueries
        while true {
            let raw = try steps.run(ElanCommands.frame(bytes: geometry.byteCount), phase: "calibration").last ?? []
            background = geometry.pixels(raw)
            let mean = try steps.run(ElanCommands.calibrationMean, phase: "calibration").last ?? []
            guard mean.count == 2, needsCalibration(sensorMean: Int(mean[0]) * 0xff + Int(mean[1])) else { return }
            var status: UInt8 = 0
            while true {
                queriesLeft -= 1
                guard queriesLeft > 0 else {
                    throw SensorError.unexpectedReply(phase: "calibration", step: 0, transfers: transferCount,
                                                      detail: "no end of calibration after \(parameters.calibrationQueries) queries")
                }
                let reply = try steps.run(ElanCommands.calibrationStatus, phase: "calibration").last?.first ?? 0
                if status == 0x01 && reply == 0x03 { break }
                if status == 0x00 && reply == 0x01 { status = 0x01 }
                pause(for: parameters.calibrationPause)
            }
        }
    }

    /// Whether the background's mean is further from the sensor's mean than the tolerance
    /// (the sensor's mean is high · 255 + low, as libfprint reads it).
    private func needsCalibration(sensorMean: Int) -> Bool {
        guard !background.isEmpty else { return true }
        let backgroundMean = background.reduce(0) { $0 + Int($1) } / background.count
        return abs(backgroundMean - sensorMean) > parameters.calibrationTolerance
    }
}
