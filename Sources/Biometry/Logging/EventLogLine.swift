import Foundation

/// One log line per flow event. Biometric payloads (images, minutiae, templates) never reach the
/// log: images appear as their size, comparisons as their score. APDU data is redacted by the
/// card transport's own policy before it gets here.
public enum EventLogLine {
    /// `2026-11-22T10:15:02.123Z swipeRequested finger=right-index number=1 total=3`.
    public static func text(_ event: BiometryEvent, at date: Date = Date()) -> String {
        "\(timestamp(date)) \(describe(event))"
    }

    /// A timestamp with milliseconds, UTC.
    public static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    static func describe(_ event: BiometryEvent) -> String {
        switch event {
        case .swipeRequested(let request):
            "swipeRequested finger=\(request.finger?.name ?? "any") number=\(request.number) total=\(request.total.map(String.init) ?? "-") purpose=\(request.purpose.rawValue)"
        case .captureStatus(let status): "captureStatus \(status)"
        case .framesArrived(let count): "framesArrived count=\(count)"
        case .image(let images): "image \(images.processed.width)x\(images.processed.height) dpi=\(Int(images.processed.dpi)) pixels=redacted"
        case .quality(let reading): "quality quality=\(reading.quality.map(String.init) ?? "-") area=\(Int(reading.area.rounded()))mm2 passes=\(reading.passes)"
        case .instruction(let instruction): "instruction \(instruction.rawValue)"
        case .prompt(let prompt): "prompt id=\(prompt.id) \(prompt.title)"
        case .processingStarted(let step): "processingStarted \(step.rawValue)"
        case .processingStopped(let step): "processingStopped \(step.rawValue)"
        case .swipeAccepted(let request): "swipeAccepted number=\(request.number)"
        case .swipeRejected(let instructions): "swipeRejected " + instructions.map(\.rawValue).joined(separator: ",")
        case .chosenImage(let chosen): "chosenImage swipe=\(chosen.swipeNumber) pixels=redacted"
        case .matchAccepted(let report): "matchAccepted " + describe(report)
        case .matchRejected(let report): "matchRejected " + describe(report)
        case .practiceStep(let step, let kind): "practiceStep \(step.rawValue) \(step.name) \(kind.rawValue)"
        case .finger(let presence): "finger \(presence.rawValue)"
        case .device(let device): "device \(device)"
        case .finished(let outcome): "finished \(outcome)"
        }
    }

    private static func describe(_ report: MatchReport) -> String {
        var parts = ["finger=\(report.finger.name)", "place=\(report.place.rawValue)"]
        if let score = report.score { parts.append("score=\(String(format: "%.4f", score))") }
        if let threshold = report.threshold { parts.append("threshold=\(String(format: "%.4f", threshold.score))") }
        if let left = report.retriesLeft { parts.append("retriesLeft=\(left)") }
        if let time = report.decisionTime { parts.append("decision=\(time)") }
        return parts.joined(separator: " ")
    }
}
