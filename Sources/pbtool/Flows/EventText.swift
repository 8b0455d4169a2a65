import Biometry
import Foundation
import SmartCard

/// The sentences the terminal and plain presenters print for each event.
enum EventText {
    /// Lines for `event`; empty for events that speak only through pictures or bars.
    static func lines(for event: BiometryEvent) -> [String] {
        switch event {
        case .swipeRequested(let request): [request.text]
        case .captureStatus(let status): status.text.map { [$0] } ?? []
        case .instruction(let instruction): ["  " + instruction.advice]
        case .prompt(let prompt): [prompt.title, prompt.message]
        case .swipeAccepted(let request): ["  Accepted" + (request.purpose == .enrollment ? " (\(request.number) of \(request.total ?? request.number))." : ".")]
        case .swipeRejected: ["  Try again."]
        case .chosenImage(let chosen): ["Capture \(chosen.swipeNumber) is the reference."]
        case .matchAccepted(let report): ["Match: " + report.text]
        case .matchRejected(let report): ["No match: " + report.text]
        case .practiceStep, .finger: []
        case .device(let device): [device.text]
        case .finished(let outcome): outcome.lines
        case .framesArrived, .image, .quality, .processingStarted, .processingStopped: []
        }
    }

    /// `quality 78 (min 40)  area 132 mm² (min 60)` for plain output.
    static func qualityLine(_ reading: QualityReading) -> String {
        let quality = reading.quality.map(String.init) ?? "-"
        return "  quality \(quality) (min \(reading.minimumQuality)), area \(Int(reading.area.rounded())) mm² (min \(Int(reading.minimumArea.rounded())))"
    }

    /// `1/10000` for rates that are whole fractions, else `%g`.
    static func rate(_ value: Double) -> String {
        let inverse = 1 / value
        return inverse == inverse.rounded() ? "1/\(Int(inverse))" : String(format: "%g", value)
    }
}

extension SwipeRequest {
    /// `Swipe 2 of 3: your right index across the sensor.`, `Place 2 of 3: … on the sensor.`
    var text: String {
        let finger = finger.map { " your \($0.name)" } ?? ""
        let count = total.flatMap { $0 > 1 ? " \(number) of \($0)" : nil } ?? (number > 1 ? " again" : "")
        let verb = scanKind == .press ? "Place" : "Swipe", place = scanKind == .press ? "on" : "across"
        return "\(verb)\(count):\(finger.isEmpty ? " a finger" : finger) \(place) the sensor."
    }
}

extension CaptureStatus {
    var text: String? {
        switch self {
        case .capturing, .completed: nil
        case .timedOut: "No finger arrived in time."
        case .aborted(let reason): "The sensor stopped: \(reason)."
        case .cancelled: "Cancelled."
        }
    }
}

extension MatchReport {
    /// `right-index on the card, 2 tries left` / `right-index, score 47.2 (threshold 30.0, FMR 1/10000)`.
    var text: String {
        var parts = [finger.name + (place == .card ? " on the card" : "")]
        if let score {
            var decision = "score \(String(format: "%.1f", score))"
            if let threshold {
                decision += " (threshold \(String(format: "%.1f", threshold.score))"
                decision += threshold.falseMatchRate.map { ", FMR \(EventText.rate($0)))" } ?? ")"
            }
            parts.append(decision)
        }
        if let retriesLeft { parts.append("\(retriesLeft) \(retriesLeft == 1 ? "try" : "tries") left") }
        return parts.joined(separator: ", ")
    }
}

extension DeviceEvent {
    var text: String {
        switch self {
        case .sensorAttached(let name): "Sensor: \(name)."
        case .sensorDetached(let reason): "Sensor lost: \(reason)."
        case .cardInserted(let reader): "Card in \(reader)."
        case .cardRemoved(let reader): "The card left \(reader)."
        }
    }
}
