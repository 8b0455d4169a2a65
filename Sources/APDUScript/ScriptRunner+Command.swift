import APDU

/// Sending a command, checking its answer, keeping captures.
extension ScriptRunner {
    func runCommand(_ step: CommandStep, at location: SourceLocation, state: inout ScriptState) throws(StepStop) {
        let transport = try connection(at: location, state: state)
        let value = try resolve(step.command, state: state)
        let command = try prepared(step, bytes: value.bytes, at: location, state: state)
        transport.redaction = settings.showsSecrets ? .nothing : value.isSecret ? settings.secrets.union(.allCommandData) : settings.secrets
        recording?.commands += 1
        let response: ResponseAPDU
        do {
            response = try transport.send(command, rules: state.rules)
        } catch {
            throw classify(error, at: location)
        }
        try check(step, response: response, hidesData: transport.redaction.hidesResponseData(command), state: &state)
    }

    /// The command to send: parsed (when it has variables), moved to the script's logical
    /// channel, and re-encoded for chaining when that is on.
    private func prepared(_ step: CommandStep, bytes: [UInt8], at location: SourceLocation,
                          state: ScriptState) throws(StepStop) -> CommandAPDU {
        var command: CommandAPDU
        if let literal = step.literal {
            command = literal
        } else {
            do {
                command = try CommandAPDU(bytes: bytes)
            } catch {
                throw .scriptError(TestFailure(location: location, message: "with its variables filled in, the command is not a valid APDU: \(error)"))
            }
        }
        if let channel = state.channelNumber, command.cla != 0xFF {
            do {
                command.classByte = try command.classByte.onChannel(channel)
            } catch {
                throw .scriptError(TestFailure(location: location, message: "CLA \(hexPair(command.cla)) cannot carry logical channel \(channel): \(error)"))
            }
        }
        if state.rules.contains(.commandChaining), command.lengthEncoding == .extended,
           command.nc > CommandAPDU.maximumShortDataCount {
            // Written with extended Lc; with chaining on the transport splits it into short links
            // (7816-4 §5.3.3), which it only does for commands not forced to extended length.
            appendTrace(TraceLine(kind: .note, text: "\(command.nc) data bytes sent as a command chain (option chaining on)"))
            if let automatic = try? CommandAPDU(cla: command.cla, ins: command.ins, p1: command.p1, p2: command.p2,
                                                data: command.data, ne: command.ne, encoding: .automatic) {
                command = automatic
            }
        }
        return command
    }

    /// A failure from the transport: the card's or channel's fault ends the run, a command the
    /// transport cannot build is the script's.
    private func classify(_ error: any Error, at location: SourceLocation) -> StepStop {
        if let apduError = error as? APDUError {
            if case .responseTooShort = apduError {
                return .transport(TestFailure(location: location, message: "the card's answer is malformed: \(apduError)"))
            }
            return .scriptError(TestFailure(location: location, message: "cannot send the command: \(apduError)"))
        }
        return .transport(TestFailure(location: location, message: describe(error)))
    }

    /// Takes the captures, evaluates the checks, and keeps the captures only when all hold.
    /// Checks the answer; when its data is hidden from traces (`hidesData`), failures do not show
    /// it either and what is captured from it stays secret.
    private func check(_ step: CommandStep, response: ResponseAPDU, hidesData: Bool, state: inout ScriptState) throws(StepStop) {
        var variables = state.variables
        var failures: [TestFailure] = []
        var probe = ExpectationCheck(response: response, variables: variables)
        for capture in step.captures {
            switch captured(capture, from: &probe) {
            case .success(let bytes): variables.set(capture.name, ScriptVariables.Value(bytes: bytes, isSecret: hidesData))
            case .failure(let failure): failures.append(failure)
            }
        }
        var checker = ExpectationCheck(response: response, variables: variables)
        for expectation in step.expectations {
            do {
                if let failure = try checker.failure(of: expectation) { failures.append(failure) }
            } catch {
                guard !error.isScriptError else { throw .scriptError(error.failure) }
                failures.append(error.failure)
            }
        }
        if hidesData, !response.data.isEmpty { failures = failures.map { $0.hidingData(of: response) } }
        guard failures.isEmpty else {
            for capture in step.captures { state.variables.markLost(capture.name, capturedAt: capture.location) }
            throw .failed(failures)
        }
        state.variables = variables
    }

    private func captured(_ capture: Capture, from probe: inout ExpectationCheck) -> Result<[UInt8], TestFailure> {
        let source: [UInt8]
        let what: String
        switch capture.source {
        case .data:
            source = probe.response.data
            what = "the response data"
        case .tlv(let path):
            guard case .objects(let objects) = probe.tlvObjects(), let object = objects.find(path) else {
                return .failure(TestFailure(location: capture.location, message: "nothing to capture into $\(capture.name): no \(path) in the response data",
                                            expected: "\(path) present", actual: probe.response.data.hexString()))
            }
            source = object.value
            what = "the value of \(path)"
        }
        guard let slice = capture.slice else { return .success(source) }
        guard let bytes = slice.apply(to: source) else {
            return .failure(TestFailure(location: capture.location,
                                        message: "capture [\(slice)] into $\(capture.name) needs \(slice.requiredCount) bytes; \(what) has \(source.count)"))
        }
        return .success(bytes)
    }
}

extension TestFailure: Error {}

extension TestFailure {
    /// The failure without the bytes of `response`, whose data traces hide: failures that show
    /// only the status word or a length stay as they are.
    fileprivate func hidingData(of response: ResponseAPDU) -> TestFailure {
        guard let actual, actual != response.statusWord.hex, !actual.hasPrefix("len ") else { return self }
        return TestFailure(location: location, message: "the hidden response data fails the check (--show-secrets shows it)",
                           expected: expected, actual: "<redacted \(response.data.count) bytes>")
    }
}
