package io.granary.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class AgentEventsTest {
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final String LAT =
      "{\"min\":0.2,\"mean\":1.2,\"p50\":1.0,\"p90\":2.0,\"p95\":2.5,\"p99\":3.5,\"p999\":4.0,\"max\":9.0}";

  @Test
  void anIntervalKeepsTheOverallFiguresAndEachOperationType() {
    String line = "{\"event\":\"interval\",\"index\":3,\"start\":3.0,\"seconds\":0.5,\"warmup\":false,\"agentCpu\":12.5,"
        + "\"systemCpu\":80.0,\"progress\":0.4,\"ops\":[{\"op\":\"READ\",\"count\":100,\"errors\":1,\"timeouts\":2,"
        + "\"rows\":100,\"bytes\":1000,\"corrected\":" + LAT + ",\"service\":" + LAT + "}],\"all\":{\"op\":\"ALL\","
        + "\"count\":100,\"errors\":1,\"timeouts\":2,\"rows\":100,\"bytes\":1048576,\"corrected\":" + LAT
        + ",\"service\":" + LAT + "}}";
    Interval i = BenchmarkRunner.interval(JSON.readTree(line));
    assertEquals(3, i.index());
    assertEquals(100, i.count());
    assertEquals(200, i.opsPerSec(), 1e-9);
    assertEquals(2, i.mbPerSec(), 1e-9);
    assertEquals(3.5, i.p99CorrectedMs());
    assertTrue(i.perOp().contains("\"errors\":3"), i.perOp());
  }

  @Test
  void theHeadlineIsPerMeasuredSecond() {
    String summary = "{\"event\":\"summary\",\"complete\":false,\"measuredSeconds\":4.0,\"agentCpuMean\":30.0,"
        + "\"agentCpuMax\":50.0,\"ops\":[],\"all\":{\"count\":1000,\"errors\":3,\"timeouts\":1,\"rows\":1000,"
        + "\"bytes\":4194304,\"corrected\":" + LAT + ",\"service\":" + LAT + "}}";
    BenchmarkRepository.Headline h = BenchmarkRunner.headline(JSON.readTree(summary));
    assertEquals(250, h.opsPerSec());
    assertEquals(1, h.mbPerSec());
    assertEquals(3, h.errors());
    assertEquals(false, h.complete());
  }

  @Test
  void theSummaryCountsNotFoundApartFromErrorsAndLabelsBothRates() {
    String summary = "{\"event\":\"summary\",\"complete\":true,\"measuredSeconds\":10.0,\"agentCpuMean\":30.0,"
        + "\"agentCpuMax\":50.0,\"ops\":[{\"op\":\"READ\",\"count\":1000,\"ok\":900,\"notFound\":90,"
        + "\"errors\":7,\"timeouts\":3,\"rows\":900,\"bytes\":0,\"corrected\":" + LAT + ",\"service\":" + LAT
        + ",\"failed\":{\"corrected\":" + LAT + ",\"service\":" + LAT + "}}],\"all\":{\"count\":1000,\"ok\":900,"
        + "\"notFound\":90,\"errors\":7,\"timeouts\":3,\"rows\":900,\"bytes\":0,\"corrected\":" + LAT
        + ",\"service\":" + LAT + "},\"gc\":[{\"name\":\"G1 Young Generation\",\"count\":4,\"timeMs\":20}],"
        + "\"ycsbReport\":\"[OVERALL], RunTime(ms), 10000\\n\"}";
    var dto = BenchmarksController.summary(JSON.readTree(summary));
    assertEquals(100, dto.getOpsPerSec());
    assertEquals(90, dto.getOkPerSec());
    assertEquals(90, dto.getNotFound());
    assertEquals(7, dto.getErrors());
    assertEquals(2.5, dto.getCorrected().getP95());
    assertEquals(0.2, dto.getService().getMin());
    assertEquals(4, dto.getGcCount());
    assertTrue(dto.getYcsbReport());
    var read = dto.getOps().get(0);
    assertEquals(1000, read.getCount());
    assertEquals(900, read.getOk());
    assertEquals(90, read.getNotFound());
    assertEquals(90, read.getOkPerSec());
    assertEquals(2.5, read.getFailed().getService().getP95());
  }
}
