package io.granary;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.web.bind.annotation.RestController;

/** The house rules that keep the control plane's layers apart. */
class ArchitectureTest {
  static JavaClasses classes;

  @BeforeAll
  static void load() {
    classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("io.granary");
  }

  @Test
  void onlyTheEnginePackageImportsHadoopOrHbase() {
    noClasses().that().resideOutsideOfPackages("io.granary.engine..")
        .should().dependOnClassesThat().resideInAnyPackage("org.apache.hadoop..")
        .check(classes);
  }

  @Test
  void theEngineKnowsNoFeature() {
    noClasses().that().resideInAPackage("io.granary.engine..")
        .should().dependOnClassesThat().resideInAnyPackage("io.granary.clusters..", "io.granary.operations..",
            "io.granary.security..", "io.granary.audit..", "io.granary.users..", "io.granary.tokens..", "io.granary.tables..",
            "io.granary.api..")
        .check(classes);
  }

  @Test
  void generatedDtosStayInControllers() {
    noClasses().that().resideOutsideOfPackage("io.granary.api..")
        .and().areNotAnnotatedWith(RestController.class)
        .and().doNotHaveSimpleName("OperationDtos")
        .should().dependOnClassesThat().resideInAPackage("io.granary.api.model..")
        .check(classes);
  }

  @Test
  void apiControllersImplementTheGeneratedContract() {
    classes().that().areAnnotatedWith(RestController.class)
        .and().haveSimpleNameEndingWith("Controller")
        .and().doNotHaveSimpleName("OperationStreamsController")
        .and().doNotHaveSimpleName("OpenApiController")
        .and().doNotHaveSimpleName("ProblemErrorController")
        .should().implement(com.tngtech.archunit.base.DescribedPredicate.describe("a generated io.granary.api interface",
            (com.tngtech.archunit.core.domain.JavaClass c) -> c.getPackageName().equals("io.granary.api")))
        .check(classes);
  }
}
